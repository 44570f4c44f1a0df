/**
 * The spec's rule for shell tasks, "must not contain shutdown or reboot", applied to the command as a
 * shell would read it rather than to its text: quotes, backslashes, command substitutions, `sh -c`
 * scripts and `eval` arguments are undone first, so `re"boot"`, `r\eboot`, `$(echo reboot)` and
 * `sh -c 'reboot'` are all caught. What cannot be read without running it (a command name built
 * from a variable, a script piped into a shell) is refused as well, since its effect is unknown.
 */

import {
  BUILDER_PARTS,
  baseName,
  decodeEscapes,
  EVALUATORS,
  FORBIDDEN_COMMANDS,
  fold,
  forbiddenPart,
  isCommandOption,
  isDecoder,
  isEncodedOption,
  POWER_NAMES,
  SHELLS,
  WRAPPERS,
} from './shell-words';

/** Why a command is refused; null when it may run. */
export type ShellRefusal =
  | { reason: 'forbidden'; word: string }
  | { reason: 'dynamic'; word: string }
  | { reason: 'unbalanced' }
  | { reason: 'empty' };

/**
 * A word after quote removal; whether part of it came from an expansion the parser cannot see; and,
 * when it holds unquoted glob or brace patterns, the regular expression of what it could expand to
 * (whole and last path part).
 */
type Word = { text: string; dynamic: boolean; glob: boolean; pattern: string; base: string };
type Simple = { words: Word[]; substitutions: string[] };

class Unbalanced extends Error {}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** Reads up to the closing `)` of a `$(` that started just before `i`, honouring quotes and nesting. */
const readSubstitution = (src: string, start: number): { body: string; end: number } => {
  let depth = 1;
  let i = start;
  let quote: '"' | "'" | null = null;
  for (; i < src.length; i++) {
    const c = src[i];
    if (quote) {
      if (c === '\\' && quote === '"') i++;
      else if (c === quote) quote = null;
      continue;
    }
    if (c === '\\') i++;
    else if (c === '"' || c === "'") quote = c;
    else if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return { body: src.slice(start, i), end: i + 1 };
  }
  throw new Unbalanced();
};

/** Splits a command line into simple commands (at `;`, `&`, `|`, newlines) of unquoted words. */
const tokenize = (src: string): Simple[] => {
  const out: Simple[] = [];
  let current: Simple = { words: [], substitutions: [] };
  let word: Word | null = null;
  const endWord = () => {
    if (word) current.words.push(word);
    word = null;
  };
  const endCommand = () => {
    endWord();
    if (current.words.length || current.substitutions.length) out.push(current);
    current = { words: [], substitutions: [] };
  };
  const add = (text: string, dynamic = false) => {
    word ??= { text: '', dynamic: false, glob: false, pattern: '', base: '' };
    word.text += text;
    if (dynamic) word.dynamic = true;
    const slash = Math.max(text.lastIndexOf('/'), text.lastIndexOf('\\'));
    word.pattern += dynamic ? '.*' : escapeRe(text);
    word.base = slash >= 0 ? escapeRe(text.slice(slash + 1)) : word.base + (dynamic ? '.*' : escapeRe(text));
  };
  /** An unquoted glob or brace pattern: `text` as written, `re` what it could stand for. */
  const addGlob = (text: string, re: string) => {
    add(text);
    const w = word as Word;
    w.glob = true;
    w.pattern = w.pattern.slice(0, w.pattern.length - escapeRe(text).length) + re;
    w.base = w.base.slice(0, w.base.length - escapeRe(text).length) + re;
  };
  /** Reads `*`, `?`, `[…]` or `{a,b}` at `i`; answers where it ends, or -1 when it is plain text. */
  const pattern = (i: number): number => {
    const c = src[i];
    if (c === '*') addGlob(c, '.*');
    else if (c === '?') addGlob(c, '.');
    else if (c === '[') {
      const close = src.indexOf(']', i + 2);
      if (close < 0) return -1;
      const body = src.slice(i + 1, close);
      if (/[\s'"]/.test(body)) return -1;
      const cls = `[${body.replace(/^!/, '^').replace(/\\/g, '\\\\')}]`;
      try {
        new RegExp(cls);
      } catch {
        return -1;
      }
      addGlob(src.slice(i, close + 1), cls);
      return close + 1;
    } else if (c === '{') {
      const close = src.indexOf('}', i + 1);
      if (close < 0) return -1;
      const body = src.slice(i + 1, close);
      if (/[\s'"{]/.test(body)) return -1;
      if (body.includes(','))
        addGlob(src.slice(i, close + 1), `(?:${body.split(',').map(escapeRe).join('|')})`);
      else if (body.includes('..')) addGlob(src.slice(i, close + 1), '.*');
      else return -1;
      return close + 1;
    } else return -1;
    return i + 1;
  };
  /** `$'…'`: ANSI-C quoting, whose backslash escapes are decoded. */
  const ansiC = (i: number): number => {
    let j = i + 2;
    while (j < src.length && src[j] !== "'") j += src[j] === '\\' ? 2 : 1;
    if (j >= src.length) throw new Unbalanced();
    add(decodeEscapes(src.slice(i + 2, j)));
    return j + 1;
  };
  /** `$...` at `i`: a substitution (parsed later), or a parameter the parser cannot know. */
  const dollar = (i: number): number => {
    const next = src[i + 1];
    if (next === "'") return ansiC(i);
    // `$"…"` is a translated string: read as an ordinary double-quoted one.
    if (next === '"') return i + 1;
    if (next === '(') {
      const arithmetic = src[i + 2] === '(';
      const { body, end } = readSubstitution(src, i + 2);
      if (!arithmetic) current.substitutions.push(body);
      add('', true);
      return end;
    }
    if (next === '{') {
      const close = src.indexOf('}', i + 2);
      if (close < 0) throw new Unbalanced();
      add('', true);
      return close + 1;
    }
    if (next && /[A-Za-z0-9_@*#?$!-]/.test(next)) {
      let j = i + 1;
      if (/[A-Za-z_]/.test(next)) while (j < src.length && /[A-Za-z0-9_]/.test(src[j])) j++;
      else j++;
      add('', true);
      return j;
    }
    add('$');
    return i + 1;
  };

  let i = 0;
  while (i < src.length) {
    const c = src[i];
    if (c === '\\') {
      if (i + 1 >= src.length) throw new Unbalanced();
      // A backslash-newline joins lines; any other escaped character stands for itself.
      if (src[i + 1] !== '\n') add(src[i + 1]);
      i += 2;
    } else if (c === "'") {
      const close = src.indexOf("'", i + 1);
      if (close < 0) throw new Unbalanced();
      add(src.slice(i + 1, close));
      i = close + 1;
    } else if (c === '"') {
      i++;
      add('');
      for (;;) {
        if (i >= src.length) throw new Unbalanced();
        const d = src[i];
        if (d === '"') {
          i++;
          break;
        }
        if (d === '\\' && i + 1 < src.length && '"\\$`\n'.includes(src[i + 1])) {
          if (src[i + 1] !== '\n') add(src[i + 1]);
          i += 2;
        } else if (d === '$') i = dollar(i);
        else if (d === '`') {
          const close = src.indexOf('`', i + 1);
          if (close < 0) throw new Unbalanced();
          current.substitutions.push(src.slice(i + 1, close));
          add('', true);
          i = close + 1;
        } else {
          add(d);
          i++;
        }
      }
    } else if (c === '`') {
      const close = src.indexOf('`', i + 1);
      if (close < 0) throw new Unbalanced();
      current.substitutions.push(src.slice(i + 1, close));
      add('', true);
      i = close + 1;
    } else if (c === '$') i = dollar(i);
    else if (c === '#' && word === null) {
      // A comment runs to the end of the line.
      while (i < src.length && src[i] !== '\n') i++;
    } else if (c === ';' || c === '&' || c === '|' || c === '\n' || c === '\r') {
      endCommand();
      i++;
    } else if (
      c === '(' ||
      c === ')' ||
      (word === null && c === '{' && /^\{(\s|$)/.test(src.slice(i, i + 2))) ||
      (word === null && c === '}')
    ) {
      // Subshells and groups run their contents like any other list.
      endCommand();
      i++;
    } else if (c === ' ' || c === '\t') {
      endWord();
      i++;
    } else if (c === '<' || c === '>') {
      endWord();
      i++;
    } else {
      const end = pattern(i);
      if (end < 0) {
        add(c);
        i++;
      } else i = end;
    }
  }
  endCommand();
  return out;
};

/** The power names a glob could expand to (tried on its last path part), or none. */
const globMatch = (w: Word, names: string[]): string | undefined => {
  if (!w.glob) return undefined;
  const re = new RegExp(`^(?:${w.base})$`, 'i');
  return names.find((n) => re.test(n));
};
/** Patterns so broad (`*`, `*.log`) that they say nothing about a power command in argument position. */
const NEUTRAL = ['x', 'data', 'a.txt', 'a.log'];

const MAX_DEPTH = 8;

const forbidden = (word: string): ShellRefusal => ({ reason: 'forbidden', word });
const dynamic = (word: string): ShellRefusal => ({ reason: 'dynamic', word });

/** Checks every word of a simple command for power words, in any spelling, and for command builders. */
const checkWords = (cmd: Simple): ShellRefusal | null => {
  for (const w of cmd.words) {
    if (forbiddenPart(w.text)) return forbidden(w.text);
    const folded = fold(w.text);
    if (BUILDER_PARTS.some((p) => folded.includes(p))) return dynamic(w.text);
    if (globMatch(w, POWER_NAMES) && !globMatch(w, NEUTRAL)) return forbidden(w.text);
  }
  return null;
};

/** Joins words back into a script for a nested interpreter. */
const script = (words: Word[]) => words.map((w) => w.text).join(' ');

const check = (src: string, depth: number): ShellRefusal | null => {
  if (depth > MAX_DEPTH) return dynamic(src.slice(0, 40));
  const commands = tokenize(src);
  for (const cmd of commands) {
    const inWords = checkWords(cmd);
    if (inWords) return inWords;
    for (const sub of cmd.substitutions) {
      const inner = check(sub, depth + 1);
      if (inner) return inner;
    }
    // Skip variable assignments and wrappers to find the command that actually runs.
    const words = cmd.words.filter((w) => !(w.text === '' && !w.dynamic));
    let k = 0;
    while (k < words.length && /^[A-Za-z_][A-Za-z0-9_]*=/.test(words[k].text) && !words[k].dynamic) k++;
    while (k < words.length) {
      const w = words[k];
      const name = baseName(w.text);
      const rest = words.slice(k + 1);
      const args = rest.map((a) => a.text);
      if (w.dynamic || /%[^%\s]+%|![^!\s]+!/.test(w.text)) return dynamic(w.text || '$');
      const named = globMatch(w, [...POWER_NAMES, 'init']);
      if (named && named !== 'init') return forbidden(w.text);
      if (FORBIDDEN_COMMANDS.includes(name)) return forbidden(w.text);
      if (
        (name === 'init' || named === 'init') &&
        rest.some((a) => /^[06]$/.test(a.text) || globMatch(a, ['0', '6']))
      )
        return forbidden(w.text);
      if (EVALUATORS.has(name)) return dynamic(w.text);
      if (isDecoder(name, args)) return dynamic(`${w.text} ${args.join(' ')}`.slice(0, 60));
      if (name === 'setprop' && rest.some((a) => a.dynamic)) return dynamic(name);
      if (name === 'cmd') {
        const c = rest.findIndex((a) => /^\/[ckr]$/i.test(a.text));
        if (c >= 0) return check(script(rest.slice(c + 1)).replace(/\^(.)/g, '$1'), depth + 1);
        if (rest.length === 0) return dynamic(name);
        break;
      }
      if (name === 'powershell' || name === 'pwsh') {
        if (rest.some((a) => isEncodedOption(a.text))) return dynamic(`${w.text} -EncodedCommand`);
        const c = rest.findIndex((a) => isCommandOption(a.text));
        const body = c >= 0 ? rest.slice(c + 1) : rest.filter((a) => !/^[-/]/.test(a.text));
        // Without a command PowerShell reads one from its input, as a bare shell does.
        if (!body.length) return dynamic(name);
        return check(script(body), depth + 1);
      }
      if (SHELLS.has(name)) {
        const c = rest.findIndex((a) => a.text === '-c' || /^-[a-z]*c$/.test(a.text));
        if (c >= 0) {
          const body = rest[c + 1];
          if (!body || body.dynamic) return dynamic(name);
          return check(body.text, depth + 1);
        }
        // busybox/toybox run their first argument as an applet; a bare shell reads its script from input.
        if (name === 'busybox' || name === 'toybox') {
          if (rest.length === 0) break;
          k++;
          continue;
        }
        if (rest.every((a) => a.text.startsWith('-'))) return dynamic(name);
        break;
      }
      if (WRAPPERS.has(name)) {
        k++;
        // Options of the wrapper (timeout 10, nice -n 5, env A=b) come before the command.
        while (
          k < words.length &&
          (words[k].text.startsWith('-') ||
            /^[0-9.]+[smhd]?$/.test(words[k].text) ||
            /^[A-Za-z_][A-Za-z0-9_]*=/.test(words[k].text))
        )
          k++;
        continue;
      }
      break;
    }
  }
  return null;
};

/** Reads a shell command as a shell would and answers why it may not run, or null. */
export const checkShellCommand = (command: string): ShellRefusal | null => {
  if (!command.trim()) return { reason: 'empty' };
  // The line with every quote and escape character dropped (PowerShell's backtick, cmd's caret too).
  const stripped = forbiddenPart(command.replace(/['"`^\\]/g, ''), false);
  if (stripped) return forbidden(stripped);
  try {
    return check(command, 0);
  } catch (err) {
    if (err instanceof Unbalanced) return { reason: 'unbalanced' };
    throw err;
  }
};
