import { describe, expect, it } from 'vitest';
import { family as enroll } from '../families/enroll.ts';
import { istDayToUtc } from './ist.ts';
import {
  availabilityOf,
  batchState,
  enrolNameOf,
  holdsSeat,
  holdsSeatIn,
  seatsLeft,
  seatsTaken,
  waitlistPlaces,
  type SeatHolder,
} from './batches.ts';

const day = (value: string) => istDayToUtc(value)!;
const batch = { startDate: day('2026-03-14'), endDate: day('2026-05-09'), capacity: 20 };
const enrolled = (count: number, id = 'b1'): SeatHolder[] =>
  Array.from({ length: count }, () => ({ batch: id, status: 'enrolled' }));
// 13 March 2026, 23:59 IST is 18:29 UTC: the evening before the first class.
const eve = new Date('2026-03-13T18:29:59.999Z');

describe('seats', () => {
  it('counts only enrolments of that batch whose status is enrolled', () => {
    const enrolments: SeatHolder[] = [
      ...enrolled(3),
      { batch: 'b1', status: 'contacted' },
      { batch: 'b1', status: 'new' },
      { batch: 'b2', status: 'enrolled' },
      // Today's requests name no batch: they hold no seat.
      { status: 'enrolled' },
    ];
    expect(seatsTaken('b1', enrolments)).toBe(3);
    expect(seatsLeft(batch, 25)).toBe(0);
  });
});

describe('the seat rule', () => {
  const taxRecord = { erasedAt: '2026-04-01T00:00:00.000Z', keepUntil: '2035-03-31T18:30:00.000Z' };
  // Every status an enrolment may have, with and without a batch, live or left as a tax record.
  const table = enroll.statuses.flatMap((status) => [
    { status, batch: 'b1', expected: status === 'enrolled' },
    { status, batch: 'b1', taxRecord, expected: false },
    { status, expected: false },
  ]);

  it.each(table)('holds a seat: %o', ({ expected, ...enrolment }) => {
    expect(holdsSeat(enrolment)).toBe(expected);
    expect(holdsSeatIn('b1', enrolment)).toBe(expected);
    expect(holdsSeatIn('b2', enrolment)).toBe(false);
  });

  it('counts exactly the enrolments that hold a seat, and none without a status', () => {
    expect(seatsTaken('b1', table)).toBe(table.filter((row) => row.expected).length);
    expect(seatsTaken('b1', table)).toBe(1);
    expect(holdsSeat({ batch: 'b1' })).toBe(false);
    expect(holdsSeat(null)).toBe(false);
  });
});

describe('state, at each boundary (IST days)', () => {
  it('is open above 20 % of the seats left, filling at 20 % or less, full at none', () => {
    expect(batchState(batch, 0, eve)).toBe('open');
    expect(batchState(batch, 15, eve)).toBe('open'); // 5 of 20 left: 25 %
    expect(batchState(batch, 16, eve)).toBe('filling'); // 4 of 20: exactly 20 %
    expect(batchState(batch, 19, eve)).toBe('filling');
    expect(batchState(batch, 20, eve)).toBe('full');
    expect(batchState(batch, 21, eve)).toBe('full');
  });

  it('has started from IST midnight of its first day, full or not, and finished after its last IST day', () => {
    const istMidnight = new Date('2026-03-13T18:30:00.000Z');
    expect(batchState(batch, 0, istMidnight)).toBe('started');
    expect(batchState(batch, 20, istMidnight)).toBe('started');
    // 9 May 2026, 23:59:59.999 IST: the last day is still on.
    expect(batchState(batch, 0, new Date('2026-05-09T18:29:59.999Z'))).toBe('started');
    expect(batchState(batch, 0, new Date('2026-05-09T18:30:00.000Z'))).toBe('finished');
  });

  it('answers the availability of each batch from synthetic enrolments', () => {
    const batches = [
      { ...batch, _id: 'b1', course: 'c1' },
      { ...batch, _id: 'b2', course: 'c1', capacity: 10 },
    ];
    expect(availabilityOf(batches, [...enrolled(17, 'b1'), ...enrolled(10, 'b2')], eve)).toEqual([
      { _id: 'b1', course: 'c1', capacity: 20, seatsLeft: 3, state: 'filling' },
      { _id: 'b2', course: 'c1', capacity: 10, seatsLeft: 0, state: 'full' },
    ]);
  });
});

describe('enrolment into a batch', () => {
  it('enrols into the course’s enrolment name, else its title', () => {
    expect(enrolNameOf({ title: 'Ethical Hacking', enrollName: ' Certified Ethical Hacking ' })).toBe(
      'Certified Ethical Hacking',
    );
    expect(enrolNameOf({ title: 'Cloud Security', enrollName: '  ' })).toBe('Cloud Security');
  });

  it('numbers each batch’s waitlist in the order the requests came, ignoring everyone else', () => {
    const places = waitlistPlaces([
      { _id: 'r4', batch: 'b1', status: 'waitlisted' },
      { _id: 'r1', batch: 'b1', status: 'waitlisted' },
      { _id: 'r2', batch: 'b2', status: 'waitlisted' },
      { _id: 'r3', batch: 'b1', status: 'enrolled' },
      { _id: 'r5', status: 'waitlisted' },
    ]);
    expect(Object.fromEntries(places)).toEqual({ r1: 1, r4: 2, r2: 1 });
  });
});
