/**
 * Preloaded into a build worker (`node --import`) by bench/rebuild-cost.ts --fixed-clock: `new Date()` and
 * `Date.now()` answer FIXED_CLOCK (an ISO time) for the whole process, so two builds of the same store made at
 * different times can be compared byte for byte (brochures, security.txt and feeds carry the build's time).
 */
const fixed = Date.parse(process.env.FIXED_CLOCK ?? '');
if (Number.isNaN(fixed)) throw new Error('FIXED_CLOCK must be an ISO time');

const RealDate = Date;
class FixedDate extends RealDate {
  constructor(...args: unknown[]) {
    if (args.length === 0) super(fixed);
    else super(...(args as [string]));
  }
  static override now(): number {
    return fixed;
  }
}
globalThis.Date = FixedDate as DateConstructor;
