/**
 * A certificate import committed in chunks: the checked rows are staged in the store under an import id, and
 * each call commits the next chunk (at most IMPORT_CHUNK_ROWS rows, and no more than IMPORT_CHUNK_MS of writing),
 * well inside a function's time limit. A call killed at the limit, or failing half-way, leaves a staged import
 * that the next call resumes where the last finished chunk stopped.
 *
 * A row is never imported twice: every imported certificate carries its import's id, and before a row is
 * written the holder of its number (the number's permanent claim) is looked up; a certificate of this import
 * that already holds it is the row, written by a call that died before recording its chunk.
 */
import type { Deps } from '../deps.ts';
import { newId } from '../repository/ids.ts';
import type { StoredItem } from '../repository/port.ts';
import { serialClaim } from '../repository/unique.ts';
import { CERTIFICATE, NUMBER_FIELD } from './lookup.ts';
import { normaliseNumber } from './number.ts';

/** Rows one call commits at most (measured: see docs/decisions.md §73), far inside the 60 s limit. */
export const IMPORT_CHUNK_ROWS = 100;
/** A chunk also stops once it has written for this long, whatever the store's pace. */
export const IMPORT_CHUNK_MS = 15_000;
const STAGED = 'certificateImport';

export interface StagedRow {
  row: number;
  fields: Record<string, unknown>;
}

export interface StagedImport {
  id: string;
  /** The rows still to commit and those committed; emptied once the last is in (they hold personal data). */
  rows: StagedRow[];
  total: number;
  /** Rows committed: always a prefix of `rows`. */
  done: number;
  imported: { _id: string; number: unknown }[];
  stagedAt: string;
}

export const importFinished = (staged: StagedImport) => staged.done >= staged.total;

/** The staged import, finished or not (null when none was ever staged). */
export const stagedImport = (deps: Pick<Deps, 'repository'>) =>
  deps.repository.getDocument<StagedImport>(STAGED);

/** Stages checked rows under a new import id; nothing is written to the certificates yet. */
export async function stageImport(deps: Pick<Deps, 'repository' | 'now'>, rows: StagedRow[]) {
  const staged: StagedImport = {
    id: newId(deps.now().getTime()),
    rows,
    total: rows.length,
    done: 0,
    imported: [],
    stagedAt: deps.now().toISOString(),
  };
  await deps.repository.setDocument(STAGED, staged);
  return staged;
}

/** The certificate of this import that holds the number already, if one does. */
async function alreadyImported(deps: Pick<Deps, 'repository'>, importId: string, number: unknown) {
  const claim = serialClaim(NUMBER_FIELD, normaliseNumber(String(number ?? '')));
  const holder = await deps.repository.claimHolder(CERTIFICATE, claim);
  if (!holder) return null;
  const item = await deps.repository.get(CERTIFICATE, holder);
  return item?.importId === importId ? item : null;
}

/**
 * Commits the next chunk: each row written with `write` (given the import id to store), or found written
 * already; then the chunk is recorded. Returns the import as recorded and the rows this chunk committed.
 */
export async function commitChunk(
  deps: Pick<Deps, 'repository'>,
  staged: StagedImport,
  write: (fields: Record<string, unknown>, importId: string) => Promise<StoredItem>,
): Promise<{ staged: StagedImport; committed: StoredItem[] }> {
  const started = performance.now();
  const committed: StoredItem[] = [];
  const end = Math.min(staged.total, staged.done + IMPORT_CHUNK_ROWS);
  let next = staged.done;
  while (next < end && performance.now() - started < IMPORT_CHUNK_MS) {
    const { fields } = staged.rows[next]!;
    const item =
      (await alreadyImported(deps, staged.id, fields[NUMBER_FIELD])) ??
      (await write({ ...fields }, staged.id));
    committed.push(item);
    next += 1;
  }
  const recorded: StagedImport = {
    ...staged,
    rows: next >= staged.total ? [] : staged.rows,
    done: next,
    imported: [...staged.imported, ...committed.map((item) => ({ _id: item._id, number: item.number }))],
  };
  await deps.repository.setDocument(STAGED, recorded);
  return { staged: recorded, committed };
}
