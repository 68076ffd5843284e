import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Authenticator } from '../../http/auth';

export interface LibraryRouteDeps {
  db: Kysely<DB>;
  auth: Authenticator;
}

/** Likes, collect folders and entries, and the daily copy count of a logged-in user. */
export async function libraryRoutes(_app: FastifyInstance, _deps: LibraryRouteDeps) {
  // Filled in by the library work.
}
