/**
 * The spec's rule for shell tasks, "must not contain shutdown or reboot", applied to the command as a
 * shell would read it rather than to its text: quotes, backslashes, command substitutions, `sh -c`
 * scripts and `eval` arguments are undone first, so `re"boot"`, `r\eboot`, `$(echo reboot)` and
 * `sh -c 'reboot'` are all caught. What cannot be read without running it (a command name built
 * from a variable, a script piped into a shell) is refused as well, since its effect is unknown.
 */

/** Why a command is refused; null when it may run. */
export type ShellRefusal =
  | { reason: 'forbidden'; word: string }
  | { reason: 'dynamic'; word: string }
  | { reason: 'unbalanced' }
  | { reason: 'empty' };

/** Words that stop or restart the device, on Android, Linux and Windows shells. */
const FORBIDDEN_PARTS = ['shutdown', 'reboot', 'poweroff', 'restart-computer', 'stop-computer'];
/** Whole command names that power the device off (besides those containing a forbidden part). */
const FORBIDDEN_COMMANDS = new Set(['halt', 'telinit']);
/** Shells and interpreters that run a script given with -c (or read one from their input). */
const SHELLS = new Set(['sh', 'bash', 'ash', 'dash', 'zsh', 'ksh', 'mksh', 'busybox', 'toybox', 'su']);
/** Prefixes that run the command that follows them. */
const WRAPPERS = new Set(['nohup', 'exec', 'command', 'time', 'nice', 'sudo', 'env', 'timeout', 'xargs']);

/** A word after quote removal, and whether part of it came from an expansion the parser cannot see. */
type Word = { text: string; dynamic: boolean };
type Simple = { words: Word[]; substitutions: string[] };

class Unbalanced extends Error {}

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
    word ??= { text: '', dynamic: false };
    word.text += text;
    if (dynamic) word.dynamic = true;
  };
  /** `$...` at `i`: a substitution (parsed later), or a parameter the parser cannot know. */
  const dollar = (i: number): number => {
    const next = src[i + 1];
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
    } else if (c === '(' || c === ')' || c === '{' || c === '}') {
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
      add(c);
      i++;
    }
  }
  endCommand();
  return out;
};

const baseName = (w: string) => {
  const parts = w.split(/[/\\]/);
  return (parts[parts.length - 1] ?? '').toLowerCase().replace(/\.exe$/, '');
};

const MAX_DEPTH = 8;

const check = (src: string, depth: number): ShellRefusal | null => {
  if (depth > MAX_DEPTH) return { reason: 'dynamic', word: src.slice(0, 40) };
  const commands = tokenize(src);
  for (const cmd of commands) {
    for (const w of cmd.words) {
      const lower = w.text.toLowerCase();
      const part = FORBIDDEN_PARTS.find((p) => lower.includes(p));
      if (part) return { reason: 'forbidden', word: w.text };
    }
    for (const sub of cmd.substitutions) {
      const inner = check(sub, depth + 1);
      if (inner) return inner;
    }
    // Skip variable assignments and wrappers to find the command that actually runs.
    const words = cmd.words.filter((w) => !(w.text === '' && !w.dynamic));
    let k = 0;
    while (k < words.length && /^[A-Za-z_][A-Za-z0-9_]*=/.test(words[k].text) && !words[k].dynamic) k++;
    while (k < words.length) {
      const name = baseName(words[k].text);
      if (words[k].dynamic) return { reason: 'dynamic', word: words[k].text || '$' };
      if (FORBIDDEN_COMMANDS.has(name)) return { reason: 'forbidden', word: words[k].text };
      if (name === 'init' && words.slice(k + 1).some((w) => w.text === '0' || w.text === '6'))
        return { reason: 'forbidden', word: 'init' };
      if (name === 'eval') {
        const script = words
          .slice(k + 1)
          .map((w) => w.text)
          .join(' ');
        if (words.slice(k + 1).some((w) => w.dynamic)) return { reason: 'dynamic', word: 'eval' };
        return check(script, depth + 1);
      }
      if (SHELLS.has(name)) {
        const rest = words.slice(k + 1);
        const c = rest.findIndex((w) => w.text === '-c' || /^-[a-z]*c$/.test(w.text));
        if (c >= 0) {
          const script = rest[c + 1];
          if (!script) return { reason: 'dynamic', word: name };
          if (script.dynamic) return { reason: 'dynamic', word: name };
          return check(script.text, depth + 1);
        }
        // busybox/toybox run their first argument as an applet; a bare shell reads its script from input.
        if (name === 'busybox' || name === 'toybox') {
          if (rest.length === 0) break;
          k++;
          continue;
        }
        if (rest.every((w) => w.text.startsWith('-'))) return { reason: 'dynamic', word: name };
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
  try {
    return check(command, 0);
  } catch (err) {
    if (err instanceof Unbalanced) return { reason: 'unbalanced' };
    throw err;
  }
};
