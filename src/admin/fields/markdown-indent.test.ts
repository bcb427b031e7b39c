import { insertNewlineAndIndent } from '@codemirror/commands';
import { insertNewlineContinueMarkup, markdown } from '@codemirror/lang-markdown';
import { EditorState, type StateCommand } from '@codemirror/state';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { keepLineIndent } from './markdown-indent.ts';

/** Enter as the editor binds it: lang-markdown's continuation first, then minimalSetup's newline-and-indent. */
const enter: StateCommand = (target) => insertNewlineContinueMarkup(target) || insertNewlineAndIndent(target);

/**
 * Types `text` one character per transaction, as a person (or Playwright) does, then presses Enter: what the
 * editor's text then holds after `text`. `slow`: every look at the clock costs 5 ms, as on a busy machine, so
 * CodeMirror's 20 ms parse budget per keystroke runs out and the tree is cut short.
 */
function typeThenEnter(text: string, { slow = false, indent = true } = {}) {
  let state = EditorState.create({ extensions: [markdown(), ...(indent ? [keepLineIndent] : [])] });
  for (const char of text) {
    if (slow) {
      let clock = Date.now();
      vi.spyOn(Date, 'now').mockImplementation(() => (clock += 5));
    }
    const at = state.doc.length;
    state = state.update({ changes: { from: at, insert: char }, selection: { anchor: at + 1 } }).state;
    vi.restoreAllMocks();
  }
  let after = '';
  enter({ state, dispatch: (transaction) => (after = transaction.state.doc.toString()) });
  return after.slice(text.length);
}

const IMG = 'Hands-on **every** week. [Run me](javascript:alert(1)) <img src=x onerror=alert(2)>';

describe('Enter in the markdown editor', () => {
  afterEach(() => vi.restoreAllMocks());

  it('does not indent the line after inline HTML, however far the parse got', () => {
    // Without keepLineIndent CodeMirror indents these from the HTML syntax (the fault this module fixes).
    expect(typeThenEnter(IMG, { slow: true, indent: false })).toMatch(/^\n {10,}$/);
    expect(typeThenEnter('Some <span>', { indent: false })).toBe('\n  ');

    expect(typeThenEnter(IMG, { slow: true })).toBe('\n');
    expect(typeThenEnter(IMG)).toBe('\n');
    expect(typeThenEnter('Some <span>')).toBe('\n');
    expect(typeThenEnter('## Labs\n\nA <b>bold</b> <img src=x>', { slow: true })).toBe('\n');
  });

  it("keeps the line's own indentation, and still continues lists and quotes", () => {
    expect(typeThenEnter('Text\n\n    indented code')).toBe('\n    ');
    expect(typeThenEnter('- one')).toBe('\n- ');
    expect(typeThenEnter('1. one')).toBe('\n2. ');
    expect(typeThenEnter('> quoted')).toBe('\n> ');
  });
});
