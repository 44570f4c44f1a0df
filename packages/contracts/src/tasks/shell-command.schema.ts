import { z } from 'zod';
import { bilingual } from '../issue-text';
import { checkShellCommand, type ShellRefusal } from './shell-check';

/** Why a shell line is refused, in both languages; `hint` is added to a power word's message. */
export const shellRefusalText = (refusal: ShellRefusal, hint?: { zh: string; en: string }) => {
  switch (refusal.reason) {
    case 'forbidden':
      return bilingual(
        `命令中不能包含关机或重启（${refusal.word}）${hint ? `；${hint.zh}` : ''}`,
        `Shell commands must not contain shutdown or reboot (${refusal.word})${hint ? `; ${hint.en}` : ''}`,
      );
    case 'dynamic':
      return bilingual(
        `无法在执行前确定命令的作用（${refusal.word}）；请写出具体的命令`,
        `What the command runs cannot be known before it runs (${refusal.word}); write the command out`,
      );
    case 'unbalanced':
      return bilingual('命令的引号或括号不成对', 'The command has an unmatched quote or bracket');
    case 'empty':
      return bilingual('请填写命令', 'Enter a command');
  }
};

/** A shell line of at most `max` characters that passes the shell rule (`checkShellCommand`). */
export const shellCommandSchema = (max: number, hint?: { zh: string; en: string }) =>
  z
    .string()
    .max(max)
    .superRefine((v, ctx) => {
      const refusal = checkShellCommand(v);
      if (refusal) ctx.addIssue({ code: 'custom', ...shellRefusalText(refusal, hint) });
    });
