/**
 * Visitor text inside a chat message: the webhook's `text` (Slack, Teams) and `content` (Discord) are rendered as
 * markup by the chat app, so a visitor who types `<!channel>`, `@everyone`, `<https://evil.example|Open in the
 * admin>` or `[Open in the admin](https://evil.example)` as a name would ping a channel with a signed phishing
 * link. The one `text` serves Slack and Teams, whose escapes differ (Slack's `&lt;` entities, Teams' Markdown
 * backslashes), so each character that means something to any of the three becomes a look-alike that means
 * nothing to all of them: the text still reads the same, and nothing in it is a mention, a link, a tag, an emoji
 * code or formatting. Only the chat summary is changed; the payload's fields carry exactly what was typed.
 */
const LOOK_ALIKES: Readonly<Record<string, string>> = {
  '<': '‹',
  '>': '›',
  '&': '＆',
  '@': '＠',
  '*': '∗',
  _: '＿',
  '~': '∼',
  '`': 'ˋ',
  '|': 'ǀ',
  '[': '［',
  ']': '］',
  '#': '＃',
  '\\': '＼',
  // A scheme's colon and a domain's dots are what make a chat app turn text into a link.
  ':': '꞉',
  '.': '․',
};

const MARKUP = /[<>&@*_~`|[\]#\\:.]/g;

export function chatSafe(value: string): string {
  return (
    value
      // Invisible format characters (bidi overrides, zero-width joiners) could reorder or hide what is shown.
      .replace(/\p{Cf}/gu, '')
      // One line: a line break could start a quote or a heading.
      .replace(/\s+/g, ' ')
      .trim()
      .replace(MARKUP, (char) => LOOK_ALIKES[char] ?? char)
  );
}
