// packages/domain runs in the API (Node) and in the buyer's browser alike, so its sources use neither
// side's globals: no `window`, `document`, storage or `navigator`, no `process`, `Buffer` or `require`.
// The import side (node:*, fastify, React) is dependency-cruiser's (.dependency-cruiser.cjs); this
// finds the globals, with the TypeScript parser so that comments, strings and property names
// (`order.document`) never count, nor a name the file declares itself.
import ts from 'typescript';

const BROWSER = ['window', 'document', 'navigator', 'localStorage', 'sessionStorage', 'location', 'history'];
const NODE = ['process', 'Buffer', 'require', '__dirname', '__filename', 'global', 'setImmediate'];
const GLOBALS = new Set([...BROWSER, ...NODE]);

/** Whether `node` (an identifier) names something, rather than being a property or a declared name. */
function isReference(node) {
  const parent = node.parent;
  if (ts.isPropertyAccessExpression(parent) && parent.name === node) return false;
  if (ts.isQualifiedName(parent) && parent.right === node) return false;
  if ((ts.isPropertyAssignment(parent) || ts.isPropertySignature(parent)) && parent.name === node)
    return false;
  if ((ts.isMethodDeclaration(parent) || ts.isPropertyDeclaration(parent)) && parent.name === node)
    return false;
  if (ts.isBindingElement(parent) && parent.propertyName === node) return false;
  return true;
}

/** Problems in the domain's source files ({ file, source }), each 'domain-no-runtime-globals: <file>:<line>: …'. */
export function checkDomainGlobals(files) {
  const problems = [];
  for (const { file, source } of files) {
    const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
    const declared = new Set();
    const uses = [];
    const visit = (node) => {
      if (ts.isIdentifier(node) && GLOBALS.has(node.text)) {
        const parent = node.parent;
        const isDeclaration =
          (ts.isVariableDeclaration(parent) ||
            ts.isParameter(parent) ||
            ts.isFunctionDeclaration(parent) ||
            ts.isBindingElement(parent) ||
            ts.isImportSpecifier(parent)) &&
          parent.name === node;
        if (isDeclaration) declared.add(node.text);
        else if (isReference(node)) uses.push(node);
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
    for (const node of uses) {
      if (declared.has(node.text)) continue;
      const { line } = sf.getLineAndCharacterOfPosition(node.getStart(sf));
      const side = BROWSER.includes(node.text) ? 'browser' : 'Node';
      problems.push(
        `domain-no-runtime-globals: ${file}:${line + 1}: packages/domain uses the ${side} global '${node.text}'`,
      );
    }
  }
  return problems;
}
