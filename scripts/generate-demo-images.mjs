/**
 * Renders the demo images in public/assets/images/ from SVG artwork drawn here,
 * so the demo ships original, license-free images and can regenerate them.
 * Every composition is seeded, so reruns produce identical files.
 *
 *   npx --no-install node scripts/generate-demo-images.mjs
 */
import { mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { brandMark, dotGrid, mesh, mix, random, svg } from './demo-art.mjs';

const OUT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../public/assets/images');
const HERO = { w: 1600, h: 1000 };
const COVER = { w: 1200, h: 750 };
const OG = { w: 1200, h: 630 };

function heroStudio() {
  const size = HERO;
  const field = mesh(size, '#1e1b4b', [
    [0.15, 0.2, 0.35, '#4f46e5'],
    [0.85, 0.15, 0.3, '#0d9488'],
    [0.7, 0.9, 0.38, '#2dd4bf', 0.8],
    [0.2, 0.95, 0.3, '#6366f1', 0.9],
    [0.5, 0.5, 0.2, '#a5b4fc', 0.5],
  ], 140);
  // Stacked translucent "page sections", offset up and to the right like a layered layout.
  const panels = [0, 1, 2, 3]
    .map((i) => {
      const x = 330 + i * 95;
      const y = 520 - i * 120;
      const op = 0.14 + i * 0.05;
      const bars = [
        `<rect x="${x + 40}" y="${y + 40}" width="220" height="22" rx="11" fill="#fff" opacity="0.75"/>`,
        `<rect x="${x + 40}" y="${y + 80}" width="420" height="14" rx="7" fill="#fff" opacity="0.4"/>`,
        `<rect x="${x + 40}" y="${y + 106}" width="360" height="14" rx="7" fill="#fff" opacity="0.4"/>`,
        `<rect x="${x + 40}" y="${y + 150}" width="150" height="150" rx="18" fill="#fff" opacity="0.22"/>`,
        `<rect x="${x + 210}" y="${y + 150}" width="150" height="150" rx="18" fill="#fff" opacity="0.22"/>`,
        `<rect x="${x + 380}" y="${y + 150}" width="150" height="150" rx="18" fill="${i % 2 ? '#5eead4' : '#c7d2fe'}" opacity="0.5"/>`,
      ].join('');
      return (
        `<rect x="${x}" y="${y + 24}" width="760" height="360" rx="36" fill="#0f172a" opacity="0.18" filter="url(#shadow)"/>` +
        `<rect x="${x}" y="${y}" width="760" height="360" rx="36" fill="url(#glass)" fill-opacity="${op * 4}" stroke="#fff" stroke-opacity="0.55" stroke-width="2"/>` +
        bars
      );
    })
    .join('');
  const defs =
    field.defs +
    `<filter id="shadow" x="-20%" y="-20%" width="140%" height="160%"><feGaussianBlur stdDeviation="28"/></filter>` +
    `<linearGradient id="glass" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="0.32"/><stop offset="1" stop-color="#fff" stop-opacity="0.06"/></linearGradient>`;
  const dots = dotGrid(size, 48, '#fff', 0.08);
  return svg(size, defs, field.body + dots + panels);
}

function coverDesignSystems() {
  const size = COVER;
  const rnd = random(7);
  const cols = 9;
  const rows = 6;
  const gap = 18;
  const cell = (size.w - 120 - gap * (cols - 1)) / cols;
  const top = (size.h - rows * cell - (rows - 1) * gap) / 2;
  let tiles = '';
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const t = (c / (cols - 1)) * 0.7 + (r / (rows - 1)) * 0.3;
      const fill = t < 0.5 ? mix('312e81', '6366f1', t * 2) : mix('6366f1', 'ddd6fe', (t - 0.5) * 2);
      const lift = rnd() < 0.12;
      tiles += `<rect x="${60 + c * (cell + gap)}" y="${top + r * (cell + gap) - (lift ? 10 : 0)}" width="${cell}" height="${cell}" rx="${lift ? cell / 2 : 16}" fill="${fill}"${lift ? ' filter="url(#lift)"' : ''}/>`;
    }
  }
  const defs = `<filter id="lift" x="-30%" y="-30%" width="160%" height="180%"><feDropShadow dx="0" dy="12" stdDeviation="10" flood-color="#020617" flood-opacity="0.45"/></filter>
    <radialGradient id="bg" cx="0.2" cy="0.1" r="1.1"><stop offset="0" stop-color="#312e81"/><stop offset="1" stop-color="#0b0a2a"/></radialGradient>`;
  return svg(size, defs, `<rect width="${size.w}" height="${size.h}" fill="url(#bg)"/>${tiles}`);
}

function coverStaticSites() {
  const size = COVER;
  const horizon = 250;
  const vx = size.w / 2;
  let lines = '';
  // Horizontal rows get closer together towards the horizon, like a receding floor.
  for (let i = 0; i < 26; i++) {
    const t = Math.pow(i / 25, 2.1);
    const y = horizon + t * (size.h - horizon + 40);
    lines += `<line x1="0" y1="${y}" x2="${size.w}" y2="${y}" stroke="url(#rowInk)" stroke-width="${0.8 + t * 2.6}" opacity="${0.35 + t * 0.6}"/>`;
  }
  for (let i = -14; i <= 14; i++) {
    const x = vx + i * 120;
    lines += `<line x1="${vx + i * 6}" y1="${horizon}" x2="${x}" y2="${size.h + 40}" stroke="#60a5fa" stroke-width="1.4" opacity="0.45"/>`;
  }
  const defs = `<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#0b1026"/><stop offset="0.33" stop-color="#1e1b4b"/><stop offset="1" stop-color="#0b1026"/></linearGradient>
    <linearGradient id="rowInk" gradientUnits="userSpaceOnUse" x1="0" y1="0" x2="${size.w}" y2="0"><stop offset="0" stop-color="#f472b6"/><stop offset="0.5" stop-color="#c084fc"/><stop offset="1" stop-color="#60a5fa"/></linearGradient>
    <radialGradient id="sun" cx="0.5" cy="0.33" r="0.45"><stop offset="0" stop-color="#f472b6" stop-opacity="0.55"/><stop offset="0.5" stop-color="#818cf8" stop-opacity="0.18"/><stop offset="1" stop-color="#818cf8" stop-opacity="0"/></radialGradient>`;
  return svg(size, defs, `<rect width="${size.w}" height="${size.h}" fill="url(#sky)"/><rect width="${size.w}" height="${size.h}" fill="url(#sun)"/>${lines}`);
}

function coverAccessibility() {
  const size = COVER;
  const greens = ['#047857', '#10b981', '#34d399', '#059669', '#6ee7b7', '#0d9488'];
  let circles = '';
  const r = 150;
  // Offset rows of overlapping circles: a soft, regular pattern with overlaps deepening the tone.
  for (let row = -1; row < 5; row++) {
    for (let col = -1; col < 7; col++) {
      const cx = col * 210 + (row % 2 ? 105 : 0);
      const cy = row * 180 + 30;
      circles += `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${greens[(row * 3 + col + 12) % greens.length]}" fill-opacity="0.28"/>`;
    }
  }
  const defs = `<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ecfdf5"/><stop offset="1" stop-color="#a7f3d0"/></linearGradient>
    <radialGradient id="glow" cx="0.7" cy="0.35" r="0.6"><stop offset="0" stop-color="#fff" stop-opacity="0.6"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>`;
  return svg(size, defs, `<rect width="${size.w}" height="${size.h}" fill="url(#bg)"/>${circles}<rect width="${size.w}" height="${size.h}" fill="url(#glow)"/>`);
}

function coverPerformance() {
  const size = COVER;
  const rnd = random(42);
  const main = 'M-80 640 C 260 600, 420 420, 640 330 S 1050 170, 1300 90';
  let faint = '';
  for (let i = 0; i < 9; i++) {
    const dy = (rnd() - 0.5) * 260;
    const op = 0.1 + rnd() * 0.18;
    faint += `<path d="M-80 ${700 + dy} C 300 ${640 + dy}, 480 ${470 + dy}, 660 ${390 + dy} S 1060 ${230 + dy}, 1300 ${150 + dy}" stroke="#fb923c" stroke-opacity="${op}" stroke-width="${1 + rnd() * 2}" fill="none"/>`;
  }
  const defs = `<radialGradient id="bg" cx="0.55" cy="0.5" r="0.8"><stop offset="0" stop-color="#1c1433"/><stop offset="1" stop-color="#07060f"/></radialGradient>
    <linearGradient id="trail" x1="0" y1="1" x2="1" y2="0"><stop offset="0" stop-color="#f97316" stop-opacity="0"/><stop offset="0.35" stop-color="#f97316"/><stop offset="0.75" stop-color="#fbbf24"/><stop offset="1" stop-color="#fef3c7"/></linearGradient>
    <filter id="glow" x="-20%" y="-50%" width="140%" height="200%"><feGaussianBlur stdDeviation="26"/></filter>
    <filter id="halo" x="-20%" y="-50%" width="140%" height="200%"><feGaussianBlur stdDeviation="8"/></filter>`;
  const body =
    `<rect width="${size.w}" height="${size.h}" fill="url(#bg)"/>` +
    dotGrid(size, 40, '#fff', 0.06) +
    faint +
    `<path d="${main}" stroke="url(#trail)" stroke-width="60" fill="none" filter="url(#glow)" opacity="0.8"/>` +
    `<path d="${main}" stroke="url(#trail)" stroke-width="18" fill="none" filter="url(#halo)"/>` +
    `<path d="${main}" stroke="url(#trail)" stroke-width="5" stroke-linecap="round" fill="none"/>`;
  return svg(size, defs, body);
}

function coverContentModeling() {
  const size = COVER;
  const rnd = random(11);
  const palette = ['#0369a1', '#f59e0b', '#10b981', '#6366f1', '#ec4899', '#14b8a6', '#f97316', '#8b5cf6', '#0ea5e9', '#84cc16', '#e11d48', '#a855f7'];
  const cols = 4;
  const rows = 3;
  const cw = 230;
  const ch = 160;
  const gx = (size.w - cols * cw) / (cols + 1);
  const gy = (size.h - rows * ch) / (rows + 1);
  let cards = '';
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const x = gx + c * (cw + gx);
      const y = gy + r * (ch + gy);
      const rot = (rnd() - 0.5) * 5;
      const fill = palette[r * cols + c];
      const lines = [0, 1, 2]
        .map((l) => `<rect x="${x + 24}" y="${y + 62 + l * 26}" width="${cw - 48 - (l === 2 ? 70 : rnd() * 40)}" height="10" rx="5" fill="#fff" opacity="0.55"/>`)
        .join('');
      cards +=
        `<g transform="rotate(${rot.toFixed(2)} ${x + cw / 2} ${y + ch / 2})" filter="url(#card)">` +
        `<rect x="${x}" y="${y}" width="${cw}" height="${ch}" rx="16" fill="${fill}"/>` +
        `<rect x="${x + 24}" y="${y + 24}" width="80" height="16" rx="8" fill="#fff" opacity="0.9"/>` +
        lines +
        `</g>`;
    }
  }
  const defs = `<filter id="card" x="-20%" y="-20%" width="140%" height="160%"><feDropShadow dx="0" dy="10" stdDeviation="12" flood-color="#0f172a" flood-opacity="0.18"/></filter>
    <linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f8fafc"/><stop offset="1" stop-color="#e0f2fe"/></linearGradient>`;
  return svg(size, defs, `<rect width="${size.w}" height="${size.h}" fill="url(#bg)"/>${dotGrid(size, 30, '#0369a1', 0.12)}${cards}`);
}

function coverEditorial() {
  const size = COVER;
  const sheets = [
    [250, 120, 520, 640, -14, '#fbcfe8', 0.95],
    [430, 90, 520, 640, -4, '#fde68a', 0.9],
    [610, 130, 520, 640, 8, '#f9a8d4', 0.85],
    [380, 200, 420, 520, 18, '#fcd34d', 0.75],
    [760, 60, 420, 560, -10, '#fecdd3', 0.8],
  ];
  const body = sheets
    .map(([x, y, w, h, rot, fill, op], i) => {
      const lines = [0, 1, 2, 3, 4, 5]
        .map((l) => `<rect x="${x + 48}" y="${y + 110 + l * 36}" width="${w - 96 - (l % 3) * 50}" height="10" rx="5" fill="#9d174d" opacity="0.12"/>`)
        .join('');
      return (
        `<g transform="rotate(${rot} ${x + w / 2} ${y + h / 2})" filter="url(#paper)">` +
        `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="22" fill="${fill}" fill-opacity="${op}"/>` +
        `<rect x="${x + 48}" y="${y + 52}" width="${180 + i * 20}" height="22" rx="11" fill="#9d174d" opacity="0.22"/>` +
        lines +
        `</g>`
      );
    })
    .join('');
  const defs = `<filter id="paper" x="-20%" y="-20%" width="140%" height="150%"><feDropShadow dx="0" dy="18" stdDeviation="18" flood-color="#7c2d12" flood-opacity="0.16"/></filter>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fff7ed"/><stop offset="1" stop-color="#fce7f3"/></linearGradient>`;
  return svg(size, defs, `<rect width="${size.w}" height="${size.h}" fill="url(#bg)"/>${body}`);
}

function ogDefault() {
  const size = OG;
  const field = mesh(size, '#0b1120', [
    [0.05, 0.1, 0.3, '#4f46e5', 0.9],
    [0.95, 0.95, 0.35, '#0d9488', 0.8],
    [0.8, 0.1, 0.2, '#7c3aed', 0.6],
  ], 110);
  const defs =
    field.defs +
    `<linearGradient id="markBg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#6366f1"/><stop offset="1" stop-color="#0d9488"/></linearGradient>`;
  const font = `font-family="Liberation Sans, DejaVu Sans, Helvetica, Arial, sans-serif"`;
  const body =
    field.body +
    dotGrid(size, 36, '#fff', 0.07) +
    brandMark(96, 96, 88) +
    `<text x="96" y="330" ${font} font-size="84" font-weight="700" fill="#fff" letter-spacing="-2">Northwind</text>` +
    `<text x="96" y="400" ${font} font-size="36" fill="#c7d2fe">A studio journal on fast, calm websites</text>` +
    `<rect x="96" y="470" width="64" height="6" rx="3" fill="#5eead4"/>`;
  return svg(size, defs, body);
}

const jobs = [
  ['hero-studio.webp', heroStudio],
  ['cover-design-systems.webp', coverDesignSystems],
  ['cover-static-sites.webp', coverStaticSites],
  ['cover-accessibility.webp', coverAccessibility],
  ['cover-performance.webp', coverPerformance],
  ['cover-content-modeling.webp', coverContentModeling],
  ['cover-editorial.webp', coverEditorial],
  ['og-default.png', ogDefault],
];

await mkdir(OUT_DIR, { recursive: true });
for (const [name, draw] of jobs) {
  const file = path.join(OUT_DIR, name);
  const image = sharp(Buffer.from(draw()));
  await (name.endsWith('.png') ? image.png({ compressionLevel: 9 }) : image.webp({ quality: 80, effort: 6 })).toFile(file);
  console.log(`${name.padEnd(30)} ${((await stat(file)).size / 1024).toFixed(1)} KB`);
}
