export * from './remote-tasks.contract';
export * from './shell-check';
export * from './shell-command.schema';
export * from './task-name';
export * from './task-states';
export * from './task-types';
export * from './whitelist.contract';
