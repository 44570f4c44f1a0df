import type { PermissionKey } from '@cpm/contracts';
import type { ReactNode } from 'react';

/** A permission key of the kit's gates: the contracts' typed key union. */
export type PermissionKeyLike = PermissionKey;

/** What a kit action button shows and who may press it, for row and batch actions alike. */
export type KitAction = {
  key: string;
  label: string;
  icon?: ReactNode;
  permission?: PermissionKeyLike;
  danger?: boolean;
  /** The question asked before running; destructive actions get a default one when left out. */
  confirm?: string;
};
