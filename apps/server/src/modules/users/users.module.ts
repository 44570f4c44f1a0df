import type { Db } from '../../db/client';
import type { AuthContext } from '../../plugins/auth-context';
import type { EndpointRegistry } from '../../plugins/endpoints';
import type { Clock } from '../../shared/clock';
import type { DictsService } from '../dicts/dicts.service';
import type { GroupsRepository } from '../groups/groups.repository';
import type { AppKeys } from '../keys/app-keys';
import type { Mailer } from '../mail/mailer';
import { createMenusRepository, findRolePermissions } from '../menus/menus.repository';
import { registerSysMenuRoutes } from '../menus/sys-menu.routes';
import { createSysMenuService } from '../menus/sys-menu.service';
import { createRegistryRepository } from '../registry/registry.repository';
import { registerRegistryRoutes } from '../registry/registry.routes';
import { createRegistryService } from '../registry/registry.service';
import { createRolesRepository } from '../roles/roles.repository';
import { registerRolesRoutes } from '../roles/roles.routes';
import { createRolesService } from '../roles/roles.service';
import { createUsersRepository } from './users.repository';
import { registerUsersRoutes } from './users.routes';
import { createUsersService } from './users.service';

/**
 * Wires accounts and what they are granted: users, roles and the menus roles grant, and the public
 * registration that creates accounts, with their routes.
 */
export const createUsersModule = (deps: {
  api: EndpointRegistry;
  db: Db;
  clock: Clock;
  mailer: Mailer;
  keys: AppKeys;
  dicts: DictsService;
  groups: GroupsRepository;
  publicUrl: string;
  /** Told when sessions of a user ended, so their live connections close. */
  sessionsEnded: (userIds: string[]) => void;
  /** Checks a signed-in user's password against the sign-in throttle (the auth module's). */
  confirmPassword: (auth: AuthContext, password: string, ip: string) => Promise<boolean>;
}) => {
  const { api, db, clock } = deps;
  const rolesRepo = createRolesRepository(db);
  const menusRepo = createMenusRepository(db);
  const roles = createRolesService({
    repo: rolesRepo,
    menus: menusRepo,
    clock,
    permissionsOfRole: async (roleId) => findRolePermissions(db, roleId),
    grantsChanged: deps.sessionsEnded,
  });
  registerRolesRoutes(api, { roles, repo: rolesRepo });
  const usersRepo = createUsersRepository(db);
  registerUsersRoutes(api, {
    repo: usersRepo,
    dicts: deps.dicts,
    users: createUsersService({
      repo: usersRepo,
      roles,
      rolesRepo,
      groups: deps.groups,
      mailer: deps.mailer,
      clock,
      publicUrl: deps.publicUrl,
      sessionsEnded: deps.sessionsEnded,
    }),
  });
  registerSysMenuRoutes(api, { menus: createSysMenuService({ repo: menusRepo, clock }) });
  registerRegistryRoutes(api, {
    registry: createRegistryService({
      repo: createRegistryRepository(db),
      keys: deps.keys,
      mailer: deps.mailer,
      users: usersRepo,
      clock,
      publicUrl: deps.publicUrl,
      sessionsEnded: deps.sessionsEnded,
      confirmPassword: deps.confirmPassword,
    }),
  });
  return { usersRepo, roles, rolesRepo };
};
