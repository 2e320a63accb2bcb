import type { CurrencyRateChange } from '@shop/contracts';
import { formatWhole } from '@shop/contracts';
import { theme } from 'antd';

const WIDTH = 600;
const HEIGHT = 180;
const PAD = { left: 52, right: 12, top: 12, bottom: 28 };

/**
 * The rate's history as a small step line (SVG, no chart library): each change holds until the
 * next, the last one until now. Colours from the console's theme tokens; the figures it draws are
 * in the table beside it, so the chart itself is one image with a text name.
 */
export function RateChart({
  changes,
  label,
  now = Date.now(),
}: {
  changes: readonly CurrencyRateChange[];
  label: string;
  now?: number;
}) {
  const { token } = theme.useToken();
  const points = [...changes].sort((a, b) => Date.parse(a.asOf) - Date.parse(b.asOf) || a.id - b.id);
  if (points.length === 0) return null;
  const t0 = Date.parse(points[0].asOf);
  const t1 = Math.max(now, t0 + 1);
  const rates = points.map((p) => p.khrPerUsd);
  const spread = Math.max(...rates) - Math.min(...rates);
  const low = Math.min(...rates) - Math.max(10, spread * 0.1);
  const high = Math.max(...rates) + Math.max(10, spread * 0.1);
  const x = (t: number) => PAD.left + ((t - t0) / (t1 - t0)) * (WIDTH - PAD.left - PAD.right);
  const y = (r: number) => PAD.top + ((high - r) / (high - low)) * (HEIGHT - PAD.top - PAD.bottom);
  let path = '';
  points.forEach((p, i) => {
    const at = x(Date.parse(p.asOf));
    path += i === 0 ? `M${at},${y(p.khrPerUsd)}` : `H${at}V${y(p.khrPerUsd)}`;
  });
  path += `H${x(t1)}`;
  const ticks = [low, (low + high) / 2, high].map((r) => Math.round(r));
  const day = (t: number) =>
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Phnom_Penh', day: '2-digit', month: 'short' }).format(t);
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      width="100%"
      role="img"
      aria-label={label}
      data-testid="rate-chart"
      style={{ maxWidth: WIDTH, display: 'block' }}
    >
      {ticks.map((r) => (
        <g key={r}>
          <line
            x1={PAD.left}
            x2={WIDTH - PAD.right}
            y1={y(r)}
            y2={y(r)}
            stroke={token.colorBorderSecondary}
            strokeWidth={1}
          />
          <text x={PAD.left - 6} y={y(r) + 4} textAnchor="end" fontSize={11} fill={token.colorTextSecondary}>
            {formatWhole(r)}
          </text>
        </g>
      ))}
      <text x={PAD.left} y={HEIGHT - 8} fontSize={11} fill={token.colorTextSecondary}>
        {day(t0)}
      </text>
      <text x={WIDTH - PAD.right} y={HEIGHT - 8} textAnchor="end" fontSize={11} fill={token.colorTextSecondary}>
        {day(t1)}
      </text>
      <path d={path} fill="none" stroke={token.colorPrimary} strokeWidth={2} />
      {points.map((p) => (
        <circle key={p.id} cx={x(Date.parse(p.asOf))} cy={y(p.khrPerUsd)} r={3} fill={token.colorPrimary} />
      ))}
    </svg>
  );
}
