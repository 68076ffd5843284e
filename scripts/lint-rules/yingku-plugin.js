// The project's own lint rules: conventions a reviewer would otherwise have to remember.
// Each is proved to fire by scripts/lint-rules/lint-rules.test.ts.

/** The type a parameter is annotated with, when it is a Kysely handle: `Executor`, `Transaction`, `Kysely`. */
function handleType(param) {
  const type = param.typeAnnotation?.typeAnnotation;
  if (!type || type.type !== 'TSTypeReference' || type.typeName.type !== 'Identifier') return undefined;
  return ['Executor', 'Transaction', 'Kysely'].includes(type.typeName.name) ? type.typeName.name : undefined;
}

/** Whether a parameter is a caller's transaction: named so, or typed `Executor` / `Transaction`. */
function isTransaction(param) {
  const type = handleType(param);
  return type === 'Executor' || type === 'Transaction' || ['trx', 'tx'].includes(param.name);
}

const FUNCTIONS = [
  'FunctionDeclaration',
  'FunctionExpression',
  'ArrowFunctionExpression',
  'TSDeclareFunction',
];

/**
 * A function that runs statements on a caller's transaction takes it as its last argument, typed
 * `Executor` (db/executor.ts): one place to look, one spelling (decision 040). A factory's
 * database (`createXRepo(db: Kysely<DB>)`) is not a transaction.
 */
const executorLast = {
  meta: {
    type: 'problem',
    messages: {
      notLast: 'The transaction goes last (decision 040): move `{{name}}` to the end.',
      spelling: 'Type a transaction as `Executor` (db/executor.ts), not `{{type}}`.',
    },
    schema: [],
  },
  create(context) {
    function check(node) {
      const params = node.params.map((p) => (p.type === 'AssignmentPattern' ? p.left : p));
      params.forEach((param, index) => {
        if (!isTransaction(param)) return;
        const type = handleType(param);
        if (type && type !== 'Executor')
          context.report({ node: param, messageId: 'spelling', data: { type } });
        if (index < params.length - 1) {
          context.report({ node: param, messageId: 'notLast', data: { name: param.name ?? 'trx' } });
        }
      });
    }
    return Object.fromEntries(FUNCTIONS.map((kind) => [kind, check]));
  },
};

/**
 * One way to open a transaction (decision 040): `inTransaction` of db/executor.ts, called by a
 * repo (its own `inTransaction(work)`); a service asks its repo, never opens one itself, and
 * nobody calls Kysely's `.transaction()` directly.
 */
const oneTransactionHelper = {
  meta: {
    type: 'problem',
    messages: {
      open: 'Open transactions with inTransaction (db/executor.ts), not `.transaction()`.',
      service: "A service asks its repo's inTransaction(work); only repos open transactions.",
    },
    schema: [],
  },
  create(context) {
    const file = context.filename.replaceAll('\\', '/');
    const outsideRepos = /\/features\//.test(file) && !/\.repo\.ts$|\.test\.ts$/.test(file);
    return {
      "CallExpression[callee.type='MemberExpression'][callee.property.name='transaction'][arguments.length=0]"(
        node,
      ) {
        context.report({ node, messageId: 'open' });
      },
      "CallExpression[callee.type='Identifier'][callee.name='inTransaction']"(node) {
        if (outsideRepos) context.report({ node, messageId: 'service' });
      },
    };
  },
};

/**
 * Migrations that a deploy can run while the previous release serves (decisions 072, 076). Checked for
 * every migration numbered after the rule landed; the landed ones are pinned and never change.
 */
const FIRST_CHECKED_MIGRATION = 29;

const safeMigration = {
  meta: {
    type: 'problem',
    messages: {
      index:
        'CREATE INDEX on an existing table locks its writes for the whole build: declare it in `concurrentIndexes`, built CONCURRENTLY after the transaction (decision 076).',
      concurrently:
        'CREATE INDEX CONCURRENTLY cannot run in the migration transaction: declare it in `concurrentIndexes` (decision 076).',
      notNull:
        'ADD COLUMN … NOT NULL without a DEFAULT fails on a table with rows and locks it: give it a DEFAULT, or backfill first (decision 072).',
      type: 'A column type change rewrites the table under an exclusive lock: add a new column and backfill it in batches (decision 072).',
      backfill:
        'UPDATE of an existing table in `up` rewrites every row in one transaction: declare it in `backfills`, filled in batches by the servers (decision 076).',
      contract:
        'Dropping or renaming in `up` breaks the release still serving: contract in a later release, and say so in an eslint-disable comment (decision 072).',
    },
    // `firstChecked`: the lowest migration number checked (its tests lint a landed file's path).
    schema: [
      { type: 'object', properties: { firstChecked: { type: 'integer' } }, additionalProperties: false },
    ],
  },
  create(context) {
    const firstChecked = context.options[0]?.firstChecked ?? FIRST_CHECKED_MIGRATION;
    const file = context.filename.replaceAll('\\', '/');
    const number = /\/db\/migrations\/(\d{4})-[\w-]+\.ts$/.exec(file)?.[1];
    if (!number || Number(number) < firstChecked) return {};
    const statements = [];
    const inUp = (node) =>
      context.sourceCode
        .getAncestors(node)
        .some(
          (a) =>
            (a.type === 'FunctionDeclaration' && a.id?.name === 'up') ||
            (a.type === 'VariableDeclarator' && a.id.type === 'Identifier' && a.id.name === 'up'),
        );
    return {
      "TaggedTemplateExpression[tag.name='sql']"(node) {
        if (!inUp(node)) return;
        const text = node.quasi.quasis.map((q) => q.value.cooked ?? q.value.raw).join(' ? ');
        statements.push({ node, text: text.replace(/\s+/g, ' ').trim() });
      },
      'Program:exit'() {
        const created = new Set(
          statements.flatMap(({ text }) =>
            [...text.matchAll(/CREATE TABLE (?:IF NOT EXISTS )?"?(\w+)"?/gi)].map((m) => m[1].toLowerCase()),
          ),
        );
        for (const { node, text } of statements) {
          const index = /CREATE (?:UNIQUE )?INDEX (?!CONCURRENTLY)[^;]*? ON (?:ONLY )?"?(\w+)"?/i.exec(text);
          if (index && !created.has(index[1].toLowerCase())) context.report({ node, messageId: 'index' });
          if (/CREATE (?:UNIQUE )?INDEX CONCURRENTLY/i.test(text))
            context.report({ node, messageId: 'concurrently' });
          const update = /\bUPDATE (?:ONLY )?"?(\w+)"? SET\b/i.exec(text);
          if (update && !created.has(update[1].toLowerCase()))
            context.report({ node, messageId: 'backfill' });
          for (const column of text.matchAll(/ADD COLUMN [^,;]*/gi)) {
            if (/NOT NULL/i.test(column[0]) && !/DEFAULT/i.test(column[0])) {
              const table = /ALTER TABLE (?:ONLY )?"?(\w+)"?/i.exec(text)?.[1]?.toLowerCase();
              if (!table || !created.has(table)) context.report({ node, messageId: 'notNull' });
            }
          }
          if (/ALTER COLUMN "?\w+"? (?:SET DATA )?TYPE /i.test(text))
            context.report({ node, messageId: 'type' });
          if (/\bDROP (?:TABLE|COLUMN|INDEX|VIEW|FUNCTION)\b|\bRENAME\b/i.test(text))
            context.report({ node, messageId: 'contract' });
        }
      },
    };
  },
};

export default {
  rules: {
    'executor-last': executorLast,
    'one-transaction-helper': oneTransactionHelper,
    'safe-migration': safeMigration,
  },
};
