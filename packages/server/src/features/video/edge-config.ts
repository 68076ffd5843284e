import type { MediaKey } from './media-settings';
import type { BucketAddress } from './media-origins';

/** Where a cache miss goes: the bucket (S3 storage) or this site (local storage). */
export type EdgeOrigin =
  { kind: 'bucket'; address: BucketAddress; referer: string | undefined } | { kind: 'site'; url: string };

export interface EdgeConfigOptions {
  /** nginx's `listen`: `80`, `127.0.0.1:8088`, `443 ssl` (the certificate lines are yours to add). */
  listen: string;
  /** The cache's folder, and how much it may hold (`50g`). */
  cacheDir: string;
  maxSize: string;
  /** The site's origin (PUBLIC_URL), the one page origin allowed to fetch streams (CORS). */
  siteOrigin: string;
  /** MEDIA_SIGNING_KEYS: the edge verifies the tokens of each. */
  keys: readonly MediaKey[];
  origin: EdgeOrigin;
  /**
   * A whole nginx.conf that runs on its own, with its pid, logs and temporary files in this
   * folder (tests, a machine that is only an edge); without it, an `http { … }` block's contents
   * to include in an existing nginx.
   */
  standalone?: { dir: string; user?: string };
}

/** The path of a token address (decision 054), as nginx captures it. */
const TOKEN_LOCATION =
  '^/hls/(?<tok_kid>[A-Za-z0-9]{1,16})/(?<tok_exp>[0-9]{1,12})/(?<tok_sig>[A-Za-z0-9_-]{22})/' +
  '(?<tok_work>[0-9]{1,20})/(?<tok_media>[1-9][0-9]{0,19})/' +
  '(?<tok_file>(?:[0-9]{3,4}p/)?[A-Za-z0-9_-]{1,64}[.](?:m3u8|ts))$';
/** A video's public files: the preview, the poster and the stills. */
const PUBLIC_LOCATION =
  '^/media/(?<pub_work>[0-9]{1,20})/(?<pub_media>[1-9][0-9]{0,19})/' +
  '(?<pub_file>preview[.]mp4|poster[.]jpg|stills/[1-9][0-9]?(?:-s)?[.]jpg)$';

const quoted = (value: string) => {
  if (/["\\$;{}\s]/.test(value)) throw new Error(`not safe in an nginx string: ${value}`);
  return `"${value}"`;
};

/**
 * An nginx edge in front of the media (docs/decisions/054), for `admin media edge-config` and
 * the tests' edge: it verifies stream tokens with its own secure_link module (the same text the
 * site signs), refuses an unknown key, an altered or expired token and anything outside a
 * video's files, keys its cache on the path after the token so each file is fetched from the
 * origin once for all viewers (concurrent misses wait for the first: proxy_cache_lock), lets the
 * site's pages read the answers (CORS, on refusals too, so the player sees the 403 and renews),
 * and says HIT or MISS in X-Cache-Status and its log. The token never reaches the log.
 */
export function edgeConfig(options: EdgeConfigOptions): string {
  const { origin, keys } = options;
  const upstream = new URL(origin.kind === 'bucket' ? origin.address.origin : origin.url);
  const https = upstream.protocol === 'https:';
  const port = upstream.port || (https ? '443' : '80');
  const scheme = https ? 'https' : 'http';
  const streamPath =
    origin.kind === 'bucket'
      ? `${origin.address.pathPrefix}/media/$tok_work/$tok_media/$tok_file`
      : `${upstream.pathname.replace(/\/+$/, '')}/img/hls/$tok_kid/$tok_exp/$tok_sig/$tok_work/$tok_media/$tok_file`;
  const publicPath =
    origin.kind === 'bucket'
      ? `${origin.address.pathPrefix}/media/$pub_work/$pub_media/$pub_file`
      : `${upstream.pathname.replace(/\/+$/, '')}/img/media/$pub_work/$pub_media/$pub_file`;
  const toOrigin = [
    `proxy_pass ${scheme}://yingku_media_origin${streamPath};`,
    'proxy_http_version 1.1;',
    'proxy_set_header Connection "";',
    `proxy_set_header Host ${quoted(upstream.host)};`,
    ...(https ? ['proxy_ssl_server_name on;', `proxy_ssl_name ${quoted(upstream.hostname)};`] : []),
    // The bucket policy lets the edge read media/* by this header only (admin media edge-config).
    ...(origin.kind === 'bucket' && origin.referer
      ? [`proxy_set_header Referer ${quoted(origin.referer)};`]
      : []),
    'proxy_set_header Cookie "";',
    'proxy_set_header Authorization "";',
    'proxy_cache yingku_media;',
    // Cache-Control of the origin (segments immutable, playlists a minute) decides; else 10 min.
    'proxy_cache_valid 200 206 10m;',
    'proxy_cache_lock on;',
    'proxy_cache_lock_timeout 10s;',
    'proxy_cache_use_stale error timeout updating http_500 http_502 http_503 http_504;',
    'proxy_ignore_headers Set-Cookie;',
    ...[
      'Set-Cookie',
      'Access-Control-Allow-Origin',
      'Access-Control-Allow-Methods',
      'Access-Control-Allow-Headers',
      'Access-Control-Expose-Headers',
      'Access-Control-Max-Age',
      'Vary',
      'x-amz-request-id',
      'x-amz-id-2',
      'x-rgw-object-type',
    ].map((header) => `proxy_hide_header ${header};`),
  ];
  const answerHeaders = [
    'add_header Access-Control-Allow-Origin $yingku_cors_origin always;',
    'add_header Access-Control-Expose-Headers "X-Cache-Status, Content-Length, Content-Range" always;',
    'add_header Vary Origin always;',
    'add_header X-Cache-Status $upstream_cache_status always;',
  ];
  const indent = (lines: readonly string[], depth: number) =>
    lines.map((line) => `${'  '.repeat(depth)}${line}`);

  const http = [
    '# Yingku media edge (docs/decisions/054): made by `npm run admin -- media edge-config`.',
    `proxy_cache_path ${options.cacheDir} levels=1:2 keys_zone=yingku_media:64m max_size=${options.maxSize} inactive=30d use_temp_path=off;`,
    'log_format yingku_edge \'$remote_addr [$time_local] "$request_method $yingku_edge_path" $status $body_bytes_sent $upstream_cache_status $request_time\';',
    '',
    '# The secret of each key id; an id not listed opens nothing.',
    'map $tok_kid $yingku_media_key {',
    '  default "";',
    ...keys.map((key) => `  ${quoted(key.id)} ${quoted(key.secret)};`),
    '}',
    'map $http_origin $yingku_cors_origin {',
    '  default "";',
    `  ${quoted(options.siteOrigin)} $http_origin;`,
    '}',
    'upstream yingku_media_origin {',
    `  server ${upstream.hostname.includes(':') ? `[${upstream.hostname}]` : upstream.hostname}:${port};`,
    '  keepalive 32;',
    '}',
    '',
    'server {',
    `  listen ${options.listen};`,
    '  server_tokens off;',
    '  set $yingku_edge_path "";',
    '  access_log ' +
      (options.standalone ? `${options.standalone.dir}/access.log` : '/var/log/nginx/yingku-edge.log') +
      ' yingku_edge;',
    '',
    "  # A video's playlists and segments, under a token that opens that video only.",
    `  location ~ "${TOKEN_LOCATION}" {`,
    '    set $yingku_edge_path "/hls/$tok_kid/$tok_exp/-/$tok_work/$tok_media/$tok_file";',
    ...indent(answerHeaders, 2),
    '    if ($yingku_media_key = "") { return 403; }',
    '    secure_link $tok_sig,$tok_exp;',
    '    secure_link_md5 "$tok_exp/$tok_work/$tok_media/ $yingku_media_key";',
    '    # "" a signature that does not match, "0" one that has expired.',
    '    if ($secure_link = "") { return 403; }',
    '    if ($secure_link = "0") { return 403; }',
    '    proxy_cache_key "media/$tok_work/$tok_media/$tok_file";',
    ...indent(toOrigin, 2),
    '  }',
    '',
    "  # A video's preview, poster and stills: public, as on the site.",
    `  location ~ "${PUBLIC_LOCATION}" {`,
    '    set $yingku_edge_path $uri;',
    ...indent(answerHeaders, 2),
    '    proxy_cache_key "media/$pub_work/$pub_media/$pub_file";',
    ...indent(
      toOrigin.map((line) =>
        line.startsWith('proxy_pass ') ? `proxy_pass ${scheme}://yingku_media_origin${publicPath};` : line,
      ),
      2,
    ),
    '  }',
    '',
    '  location / {',
    '    set $yingku_edge_path $uri;',
    '    return 404;',
    '  }',
    '}',
  ];
  if (!options.standalone) return `${http.join('\n')}\n`;
  const { dir, user } = options.standalone;
  return `${[
    ...(user ? [`user ${user};`] : []),
    'worker_processes auto;',
    `pid ${dir}/nginx.pid;`,
    `error_log ${dir}/error.log warn;`,
    'events { worker_connections 4096; }',
    'http {',
    '  default_type application/octet-stream;',
    '  sendfile on;',
    '  keepalive_timeout 65;',
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
      (kind) => `  ${kind}_temp_path ${dir}/${kind}-temp;`,
    ),
    ...indent(http, 1),
    '}',
  ].join('\n')}\n`;
}

/**
 * The bucket policy that lets the edge (and only a request with its `Referer`) read the
 * videos' files: sources stay private, and without the secret the bucket answers 403.
 */
export function edgeBucketPolicy(bucket: string, referer: string): string {
  return JSON.stringify(
    {
      Version: '2012-10-17',
      Statement: [
        {
          Sid: 'YingkuMediaEdge',
          Effect: 'Allow',
          Principal: '*',
          Action: 's3:GetObject',
          Resource: `arn:aws:s3:::${bucket}/media/*`,
          Condition: { StringEquals: { 'aws:Referer': referer } },
        },
      ],
    },
    null,
    2,
  );
}
