import type { Db } from '../db/client';

/**
 * A transaction handed through a service to another module's repository, so writes of two modules
 * commit together (a job's end and its bell notice). Services only pass it on; queries stay in
 * repositories.
 */
export type Tx = Db;
