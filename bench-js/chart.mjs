// A log-log line chart of ms per frame against N, as a standalone SVG string. Handwritten: no dependencies.
//
//   renderChart({ title, series: [{ name, points: [[n, ms], ...] }, ...] })

const COLORS = ["#d62728", "#ff9896", "#1f77b4", "#aec7e8", "#2ca02c", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f"];
const DASH = ["", "6 3", "", "6 3", "", "", "", "", ""];

const esc = (s) => String(s).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

function decades(lo, hi) {
  const out = [];
  for (let e = Math.floor(Math.log10(lo)); e <= Math.ceil(Math.log10(hi)); e++) out.push(10 ** e);
  return out;
}

function label(v) {
  if (v >= 1000) return `${v / 1000}k`;
  if (v >= 1) return String(v);
  return String(Number(v.toPrecision(1)));
}

export function renderChart({ title, series, width = 900, height = 560 }) {
  const m = { left: 80, right: 230, top: 60, bottom: 60 };
  const pw = width - m.left - m.right;
  const ph = height - m.top - m.bottom;
  const all = series.flatMap((s) => s.points);
  const ns = all.map((p) => p[0]);
  const ms = all.map((p) => p[1]).filter((v) => v > 0);
  const xlo = 10 ** Math.floor(Math.log10(Math.min(...ns)));
  const xhi = 10 ** Math.ceil(Math.log10(Math.max(...ns)));
  const ylo = 10 ** Math.floor(Math.log10(Math.min(...ms)));
  const yhi = 10 ** Math.ceil(Math.log10(Math.max(...ms)));
  const X = (n) => m.left + ((Math.log10(n) - Math.log10(xlo)) / (Math.log10(xhi) - Math.log10(xlo))) * pw;
  const Y = (v) => m.top + ph - ((Math.log10(v) - Math.log10(ylo)) / (Math.log10(yhi) - Math.log10(ylo))) * ph;
  const o = [];
  o.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="12">`,
  );
  o.push(`<rect width="${width}" height="${height}" fill="white"/>`);
  o.push(`<text x="${width / 2}" y="24" text-anchor="middle" font-size="14" font-weight="bold">${esc(title)}</text>`);
  o.push(
    `<text x="${width / 2}" y="42" text-anchor="middle" fill="#555">median ms per frame (write transforms + all overlapping pairs + read them), log-log; lower is better</text>`,
  );
  // grid and ticks
  for (const d of decades(xlo, xhi)) {
    for (const k of [1, 2, 5]) {
      const v = d * k;
      if (v < xlo || v > xhi) continue;
      const x = X(v).toFixed(1);
      o.push(`<line x1="${x}" y1="${m.top}" x2="${x}" y2="${m.top + ph}" stroke="${k === 1 ? "#ccc" : "#eee"}"/>`);
      o.push(`<text x="${x}" y="${m.top + ph + 18}" text-anchor="middle">${label(v)}</text>`);
    }
  }
  for (const d of decades(ylo, yhi)) {
    for (const k of [1, 2, 5]) {
      const v = d * k;
      if (v < ylo || v > yhi) continue;
      const y = Y(v).toFixed(1);
      o.push(`<line x1="${m.left}" y1="${y}" x2="${m.left + pw}" y2="${y}" stroke="${k === 1 ? "#ccc" : "#eee"}"/>`);
      o.push(`<text x="${m.left - 8}" y="${y}" text-anchor="end" dominant-baseline="middle">${label(v)}</text>`);
    }
  }
  o.push(`<rect x="${m.left}" y="${m.top}" width="${pw}" height="${ph}" fill="none" stroke="#333"/>`);
  o.push(`<text x="${m.left + pw / 2}" y="${height - 16}" text-anchor="middle">N (shapes)</text>`);
  o.push(`<text transform="translate(20 ${m.top + ph / 2}) rotate(-90)" text-anchor="middle">ms per frame</text>`);
  // lines
  series.forEach((s, i) => {
    const color = COLORS[i % COLORS.length];
    const pts = s.points.slice().sort((a, b) => a[0] - b[0]);
    const d = pts.map(([n, v], k) => `${k ? "L" : "M"}${X(n).toFixed(1)},${Y(v).toFixed(1)}`).join(" ");
    o.push(
      `<path d="${d}" fill="none" stroke="${color}" stroke-width="2.5"${DASH[i % DASH.length] ? ` stroke-dasharray="${DASH[i % DASH.length]}"` : ""}/>`,
    );
    for (const [n, v] of pts) {
      o.push(
        `<circle cx="${X(n).toFixed(1)}" cy="${Y(v).toFixed(1)}" r="3.5" fill="${color}"><title>${esc(s.name)}: N=${n}, ${v.toFixed(2)} ms</title></circle>`,
      );
    }
    const ly = m.top + 10 + i * 22;
    const lx = m.left + pw + 20;
    o.push(
      `<line x1="${lx}" y1="${ly}" x2="${lx + 28}" y2="${ly}" stroke="${color}" stroke-width="2.5"${DASH[i % DASH.length] ? ` stroke-dasharray="${DASH[i % DASH.length]}"` : ""}/>`,
    );
    o.push(`<text x="${lx + 36}" y="${ly}" dominant-baseline="middle">${esc(s.name)}</text>`);
  });
  o.push(`</svg>`);
  return o.join("\n") + "\n";
}
