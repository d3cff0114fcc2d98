// SQL lives in repositories: in the API's sources a string or template literal that holds SQL — a
// whole statement or a fragment (`where id = $1`, `set status = $2`), in capitals or not — may appear
// only in `*.repository.ts` files and in the database layer (`src/db/`, with the migrations). Literals
// are found with the TypeScript parser, so comments and identifiers never count.
import ts from 'typescript';

/**
 * A literal that starts with a SQL command written in capitals, as the repositories write them (a
 * lone `DELETE` is an HTTP method, not a statement).
 */
const STARTS_AS_SQL =
  /^\s*(?:\/\*[\s\S]*?\*\/\s*)?(?:(?:SELECT|INSERT|UPDATE|DELETE|WITH|MERGE|LISTEN|UNLISTEN|NOTIFY|LOCK|TRUNCATE|SET\s+(?:LOCAL|SESSION)|SAVEPOINT|CREATE|ALTER|DROP|COPY|VACUUM|ANALYZE|EXPLAIN)\s+\S|(?:BEGIN|COMMIT|ROLLBACK)\b)/;
/** Clauses only SQL writes, in capitals. */
const CLAUSE_IN_CAPITALS =
  /\b(?:SELECT\s[\s\S]*?\bFROM\s|INSERT\s+INTO\s|UPDATE\s+\S+\s+SET\s|DELETE\s+FROM\s|ON\s+CONFLICT\b|RETURNING\s)/;

const NAME = String.raw`[a-z_][\w$]*(?:\.[a-z_][\w$]*)?|"[^"]+"`;
const AFTER_TABLE = String.raw`(?:\s*(?:$|[;),])|(?:\s+(?:as\s+)?[a-z_]\w*)?\s+(?:where|join|left|right|inner|cross|full|natural|group|order|limit|offset|for|union|except|intersect|on|using|returning|set|values|select|default)\b|\s*\()`;
/**
 * SQL in any case, told from English prose by its shape: a parameter `$n` compared or listed, an
 * assignment after SET, a table name followed by what only SQL puts there, a cast or a Postgres
 * function. "Select a bank from the list" or "update your settings" read as prose and pass.
 */
const SQL_IN_ANY_CASE = [
  // where id = $1, and status <> $2, values ($1, $2), = any($1), $1::uuid
  String.raw`(?:${NAME})\s*(?:=|<>|!=|<=|>=|<|>|\blike\b|\bilike\b|\bin\b)\s*(?:any\s*\(\s*)?\$\d+`,
  String.raw`\b(?:limit|offset)\s+\$\d+`,
  String.raw`^\s*with\s+(?:recursive\s+)?(?:${NAME})\s+as\s+(?:(?:not\s+)?materialized\s+)?\(`,
  String.raw`\bvalues\s*\(\s*(?:\$\d+|default\b)`,
  String.raw`\$\d+\s*::\s*[a-z]+`,
  // set status = …, set local statement_timeout = …
  String.raw`\bset\s+(?:local\s+|session\s+)?(?:${NAME})\s*(?:=|\bto\b)\s*\S`,
  // insert into orders (…), delete from jobs where …, update orders set …
  String.raw`\binsert\s+into\s+(?:${NAME})${AFTER_TABLE}`,
  String.raw`\bdelete\s+from\s+(?:${NAME})${AFTER_TABLE}`,
  String.raw`\bupdate\s+(?:${NAME})(?:\s+(?:as\s+)?[a-z_]\w*)?\s+set\s+(?:${NAME})\s*=`,
  // select id, status from orders where …; select count(*) from jobs
  String.raw`\bselect\s+(?:distinct\s+)?(?:\*|[\w."]+\s*\(|(?:${NAME}|\*)(?:\s*,\s*(?:${NAME}|\*))*)[\s\S]*?\bfrom\s+(?:${NAME})${AFTER_TABLE}`,
  String.raw`\bon\s+conflict\s*(?:\(|do\b|on\s+constraint\b)`,
  String.raw`\breturning\s+(?:\*|(?:${NAME})(?:\s*,\s*(?:${NAME}))*\s*$)`,
  String.raw`\border\s+by\s+(?:${NAME})(?:\s*,\s*(?:${NAME}))*\s+(?:asc|desc|nulls|limit|offset)\b`,
  String.raw`\b(?:pg_[a-z_]+|hashtext|now|coalesce|jsonb_[a-z_]+|count)\s*\([^)]*\)\s*(?:[-+,)=<>]|as\b|from\b|$)`,
  String.raw`::\s*(?:int|integer|bigint|text|jsonb?|uuid|timestamptz|date|numeric|boolean|regclass)\b`,
  String.raw`^\s*(?:listen|unlisten|notify)\s+[a-z_]\w*\s*(?:;|,|$)`,
].map((source) => new RegExp(source, 'i'));

/** Files where SQL belongs (paths relative to the repository, with forward slashes). */
export function mayHoldSql(file) {
  return (
    file.endsWith('.repository.ts') ||
    file.startsWith('apps/api/src/db/') ||
    /\.test\.ts$/.test(file) ||
    !file.startsWith('apps/api/src/')
  );
}

function literalText(node) {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) {
    // Each interpolation counts as a name, so `SELECT ${cols} FROM` and `where id = ${p}` still read
    // as SQL.
    return [node.head.text, ...node.templateSpans.map((s) => `x${s.literal.text}`)].join('');
  }
  return undefined;
}

export function looksLikeSql(text) {
  return (
    STARTS_AS_SQL.test(text) ||
    CLAUSE_IN_CAPITALS.test(text) ||
    SQL_IN_ANY_CASE.some((pattern) => pattern.test(text))
  );
}

/** The SQL literals of one source text: [{ line, text }]. */
export function findSqlLiterals(fileName, source) {
  const sf = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const found = [];
  const visit = (node) => {
    const text = literalText(node);
    if (text !== undefined) {
      if (looksLikeSql(text)) {
        const { line } = sf.getLineAndCharacterOfPosition(node.getStart(sf));
        found.push({ line: line + 1, text: text.replace(/\s+/g, ' ').trim().slice(0, 80) });
      }
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

/** Problems in the given files ({ file, source }), each '<file>:<line>: …'. */
export function checkSqlLocation(files) {
  const problems = [];
  for (const { file, source } of files) {
    if (mayHoldSql(file) || !/\.(ts|mts|tsx)$/.test(file)) continue;
    for (const { line, text } of findSqlLiterals(file, source)) {
      problems.push(`sql-only-in-repositories: ${file}:${line}: SQL outside a repository: ${text}`);
    }
  }
  return problems;
}
