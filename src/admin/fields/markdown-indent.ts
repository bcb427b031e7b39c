/**
 * The markdown editor's indentation: a new line takes the indentation of the line it breaks, as in a
 * textarea, and lists and quotes still continue through lang-markdown's own Enter. CodeMirror would otherwise ask
 * the syntax tree, and inline HTML is parsed as HTML: after `<span>` it indents the next line under the tag, and
 * after an `<img …>` it does so whenever the parse was cut short by its time budget on a busy machine (the tag then
 * reads as unfinished), so the same keystrokes wrote different text from run to run.
 */
import { indentService } from '@codemirror/language';
import { countColumn } from '@codemirror/state';

export const keepLineIndent = indentService.of((context, pos) => {
  // The line as it reads before the break at `pos` (Enter splits it there).
  const { text } = context.lineAt(pos, -1);
  return countColumn(/^[ \t]*/.exec(text)?.[0] ?? '', context.state.tabSize);
});
