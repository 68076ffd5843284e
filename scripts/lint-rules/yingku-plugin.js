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

export default { rules: { 'executor-last': executorLast, 'one-transaction-helper': oneTransactionHelper } };
