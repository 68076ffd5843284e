/**
 * Continuous archiving and point-in-time recovery for PostgreSQL sites, by pgBackRest (Debian's
 * package; decision 074): the configuration a site's cluster and its backup repository need,
 * written the one way the restore drill (test/pitr-drill.test.ts) proves. pgBackRest does the
 * work; this only says how it is set up.
 */

export interface PgBackRestSite {
  /** The stanza: pgBackRest's name for one cluster's backups. */
  stanza: string;
  /** The cluster's data directory (`SHOW data_directory`). */
  pgPath: string;
  pgPort: number;
  /** Where the cluster's Unix socket is (`unix_socket_directories`). */
  pgSocketPath: string;
  /** The repository: a local folder, or the path inside an S3 bucket. */
  repoPath: string;
  /** When given, the repository is an S3 bucket (pgBackRest's own S3 client). */
  s3?: {
    bucket: string;
    endpoint: string;
    region: string;
    key: string;
    keySecret: string;
    uriStyle?: 'host' | 'path';
  };
  /** The repository's encryption passphrase (AES-256-CBC, pgBackRest's repo1-cipher-pass). */
  cipherPass: string;
  /** Full backups kept (and the WAL they need); older ones expire. */
  keepFull: number;
  logPath: string;
  /** The folder of pgBackRest's lock files (its default, /tmp/pgbackrest, is shared by all). */
  lockPath: string;
  /** Archive asynchronously from this folder (WAL pushed in batches, the cluster never waits). */
  spoolPath: string;
}

/** The text of pgbackrest.conf for `site` (owner-only: it holds the passphrase). */
export function pgBackRestConfig(site: PgBackRestSite): string {
  const repo = site.s3
    ? [
        'repo1-type=s3',
        `repo1-s3-bucket=${site.s3.bucket}`,
        `repo1-s3-endpoint=${site.s3.endpoint}`,
        `repo1-s3-region=${site.s3.region}`,
        `repo1-s3-key=${site.s3.key}`,
        `repo1-s3-key-secret=${site.s3.keySecret}`,
        `repo1-s3-uri-style=${site.s3.uriStyle ?? 'host'}`,
      ]
    : [];
  return [
    '[global]',
    `repo1-path=${site.repoPath}`,
    ...repo,
    'repo1-cipher-type=aes-256-cbc',
    `repo1-cipher-pass=${site.cipherPass}`,
    `repo1-retention-full=${site.keepFull}`,
    'compress-type=zst',
    'start-fast=y',
    'archive-async=y',
    `spool-path=${site.spoolPath}`,
    `log-path=${site.logPath}`,
    `lock-path=${site.lockPath}`,
    'log-level-console=warn',
    'log-level-file=info',
    '',
    `[${site.stanza}]`,
    `pg1-path=${site.pgPath}`,
    `pg1-port=${site.pgPort}`,
    `pg1-socket-path=${site.pgSocketPath}`,
    '',
  ].join('\n');
}

/**
 * The postgresql.conf lines that hand every finished WAL segment to pgBackRest. `configFile`:
 * where pgbackrest.conf is; `archiveTimeoutSeconds` bounds how old the last archived write can
 * be (the recovery point objective on a quiet site).
 */
export function postgresArchiveSettings(
  site: Pick<PgBackRestSite, 'stanza'>,
  configFile: string,
  archiveTimeoutSeconds = 60,
): string {
  return [
    'wal_level = replica',
    'archive_mode = on',
    `archive_command = 'pgbackrest --config=${configFile} --stanza=${site.stanza} archive-push %p'`,
    `archive_timeout = ${archiveTimeoutSeconds}`,
    'max_wal_senders = 3',
    '',
  ].join('\n');
}
