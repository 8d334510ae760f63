// node bench/flame-graph.mjs <profile.cpuprofile> <out.svg> [title]
// Draws a V8 CPU profile (node --cpu-prof) as a flame graph: each box a function, as wide as the share of samples
// spent in it and in what it called, its callers below it. Colours: our code, dependencies, Node's own, V8.
import { readFileSync, writeFileSync } from 'node:fs';

const [input, output, title = 'CPU profile'] = process.argv.slice(2);
if (!input || !output) {
  console.error('Usage: node bench/flame-graph.mjs <profile.cpuprofile> <out.svg> [title]');
  process.exit(1);
}

const profile = JSON.parse(readFileSync(input, 'utf8'));
const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
const totalOf = new Map();
function total(node) {
  if (!totalOf.has(node.id)) {
    const children = (node.children ?? []).map((id) => total(nodes.get(id)));
    totalOf.set(
      node.id,
      children.reduce((sum, value) => sum + value, node.hitCount ?? 0),
    );
  }
  return totalOf.get(node.id);
}
const root = profile.nodes[0];
const samples = total(root);

const WIDTH = 1200;
const ROW = 17;
const MIN_WIDTH = 1;
const boxes = [];
let depthMax = 0;
function place(node, x, depth) {
  const width = (total(node) / samples) * WIDTH;
  if (width < MIN_WIDTH) return;
  depthMax = Math.max(depthMax, depth);
  boxes.push({ node, x, depth, width });
  let childX = x;
  const children = (node.children ?? []).map((id) => nodes.get(id));
  children.sort((a, b) => labelOf(a).localeCompare(labelOf(b)));
  for (const child of children) {
    place(child, childX, depth + 1);
    childX += (total(child) / samples) * WIDTH;
  }
}

function labelOf(node) {
  const { functionName, url, lineNumber } = node.callFrame;
  const name = functionName || '(anonymous)';
  if (!url) return name;
  const file = url.replace(/^file:\/\//, '');
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file);
  const where = inPackage ? inPackage[1] : file.replace(/^.*\/(apps|packages)\//, '$1/');
  return `${name} ${where}:${lineNumber + 1}`;
}

function colourOf(node) {
  const { url, functionName } = node.callFrame;
  if (!url) return functionName.startsWith('(') ? '#bdbdbd' : '#e8a33d'; // V8, GC, idle; native code
  if (url.startsWith('node:')) return '#8fb8de';
  if (url.includes('node_modules')) return '#f2c36b';
  return '#7cc17c'; // ours
}

const escape = (text) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

place(root, 0, 0);
const height = (depthMax + 1) * ROW + 40;
const rects = boxes
  .filter(({ depth }) => depth > 0) // the profile's own root is every sample
  .map(({ node, x, depth, width }) => {
    const y = height - depth * ROW - 10;
    const share = ((total(node) / samples) * 100).toFixed(1);
    const label = labelOf(node);
    const fits = Math.floor((width - 4) / 6.5);
    const text =
      fits >= 3
        ? `<text x="${(x + 2).toFixed(1)}" y="${y + 12}">${escape(label.length > fits ? `${label.slice(0, fits - 1)}…` : label)}</text>`
        : '';
    return `<g><title>${escape(label)} — ${share} %</title><rect x="${x.toFixed(1)}" y="${y}" width="${width.toFixed(1)}" height="${ROW - 1}" fill="${colourOf(node)}" rx="2"/>${text}</g>`;
  });
const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" font-family="monospace" font-size="11">
<rect width="100%" height="100%" fill="#fff"/>
<text x="4" y="16" font-size="13" font-family="sans-serif">${escape(title)} — ${samples} samples; width = share of CPU samples; green ours, yellow dependencies, blue Node, orange native (system calls), grey V8 (GC, idle)</text>
${rects.join('\n')}
</svg>
`;
writeFileSync(output, svg);
console.log(`${output}: ${boxes.length} boxes, ${samples} samples`);
