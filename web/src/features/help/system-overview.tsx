import { Box, em } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './system-overview.module.css';

type LabelKey = 'trainControl' | 'doors' | 'passengerInfo' | 'traction' | 'brakes' | 'diagnostics';

/** The systems pointed at in the drawing: where on the train, and where the label box sits (wide layout). */
const CALLOUTS: { key: LabelKey; point: [number, number]; box: [number, number]; up: boolean }[] = [
  { key: 'trainControl', point: [115, 182], box: [20, 28], up: true },
  { key: 'doors', point: [465, 246], box: [370, 28], up: true },
  { key: 'passengerInfo', point: [690, 186], box: [600, 28], up: true },
  { key: 'traction', point: [250, 255], box: [130, 390], up: false },
  { key: 'brakes', point: [380, 296], box: [350, 390], up: false },
  { key: 'diagnostics', point: [840, 270], box: [740, 390], up: false },
];
const BOX_WIDTH = 200;
const BOX_HEIGHT = 44;

const LEGEND = [
  { key: 'system', fill: '#0b4f8a' },
  { key: 'assembly', fill: '#1769b3' },
  { key: 'subassembly', fill: '#f2b01e' },
] as const;

/** The train drawing in its own coordinates (960 × 540), shared by both layouts. */
function Train() {
  const sleepers = Array.from({ length: 18 }, (_, i) => `M${40 + i * 50} 296 V316`).join(' ');
  const wheels = [100, 140, 230, 270, 360, 400, 530, 570, 670, 710, 820, 860];
  return (
    <g>
      <path d="M20 300 H940" stroke="#5b6573" strokeWidth={4} />
      <path d="M20 312 H940" stroke="#5b6573" strokeWidth={4} />
      <path d={sleepers} stroke="#9aa4b1" strokeWidth={6} />
      {/* power car */}
      <path d="M60 290 V190 Q60 160 95 150 L250 140 Q290 140 300 170 V290 Z" fill="#0b4f8a" />
      <path d="M80 185 Q82 168 100 165 L150 162 V200 H80 Z" fill="#cfe6ff" />
      <rect x={170} y={165} width={45} height={35} rx={4} fill="#cfe6ff" />
      <rect x={228} y={165} width={45} height={35} rx={4} fill="#cfe6ff" />
      <rect x={60} y={240} width={240} height={8} fill="#f2b01e" />
      {/* middle car */}
      <rect x={320} y={150} width={290} height={140} rx={14} fill="#1769b3" />
      <g fill="#cfe6ff">
        {[340, 405, 475, 540].map((x) => (
          <rect key={x} x={x} y={170} width={50} height={35} rx={4} />
        ))}
      </g>
      <rect x={452} y={215} width={26} height={62} rx={3} fill="#0b4f8a" />
      <rect x={320} y={240} width={290} height={8} fill="#f2b01e" />
      {/* end car */}
      <path d="M630 290 V160 Q630 150 645 150 L820 150 Q870 155 890 200 L900 290 Z" fill="#0b4f8a" />
      <path d="M815 165 Q852 168 870 200 H815 Z" fill="#cfe6ff" />
      <rect x={650} y={170} width={50} height={35} rx={4} fill="#cfe6ff" />
      <rect x={720} y={170} width={50} height={35} rx={4} fill="#cfe6ff" />
      <rect x={630} y={240} width={270} height={8} fill="#f2b01e" />
      <g fill="#2b2f36">
        {wheels.map((cx) => (
          <circle key={cx} cx={cx} cy={296} r={14} />
        ))}
      </g>
    </g>
  );
}

/** Splits a label at the space nearest its middle (one line when it has no space). */
export function twoLines(text: string): string[] {
  const middle = text.length / 2;
  let best = -1;
  for (let i = text.indexOf(' '); i !== -1; i = text.indexOf(' ', i + 1))
    if (best === -1 || Math.abs(i - middle) < Math.abs(best - middle)) best = i;
  return best === -1 ? [text] : [text.slice(0, best), text.slice(best + 1)];
}

/** A numbered marker, so that the phone layout can name the point in its list below. */
function Marker({ x, y, n, r }: { x: number; y: number; n: number; r: number }) {
  return (
    <g>
      <circle cx={x} cy={y} r={r} fill="#e0534a" stroke="#ffffff" strokeWidth={2} />
      <text x={x} y={y} dy="0.35em" textAnchor="middle" fontSize={r * 1.2} fontWeight={700} fill="#ffffff">
        {n}
      </text>
    </g>
  );
}

/**
 * SPEC 2 'Help screen': the system overview, its labels in the chosen language. An inline SVG (not an
 * image file) so that the labels are text from the translations; wide screens get the landscape
 * drawing with callouts, phones an upright one whose list stays readable at 360 px.
 */
export function SystemOverview() {
  const { t } = useTranslation();
  const titleId = useId();
  const label = (key: LabelKey) => t(`help.diagram.${key}`);
  // Read at once (not after a first render), so a desktop never shows the phone layout first.
  const wide = useMediaQuery(`(min-width: ${em(640)})`, undefined, { getInitialValueInEffect: false });
  const common = {
    role: 'img',
    'aria-labelledby': titleId,
    className: classes.diagram,
    fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif",
  } as const;

  if (wide) {
    return (
      <Box data-testid="system-overview" data-layout="wide">
        <svg viewBox="0 0 960 540" {...common}>
          <title id={titleId}>{t('help.imageAlt')}</title>
          <rect width={960} height={540} fill="#f6f8fb" />
          <Train />
          <g fontSize={16} fill="#1f2933">
            {CALLOUTS.map(({ key, point: [px, py], box: [bx, by], up }, i) => (
              <g key={key} data-testid={`diagram-label-${key}`}>
                <path
                  d={`M${px} ${py} L${px} ${up ? by + BOX_HEIGHT : by}`}
                  stroke="#e0534a"
                  strokeWidth={2}
                  fill="none"
                />
                <Marker x={px} y={py} n={i + 1} r={9} />
                <rect x={bx} y={by} width={BOX_WIDTH} height={BOX_HEIGHT} rx={8} fill="#ffffff" stroke="#c3ccd6" />
                <text x={bx + BOX_WIDTH / 2} y={by + BOX_HEIGHT / 2} dy="0.35em" textAnchor="middle">
                  {label(key)}
                </text>
              </g>
            ))}
          </g>
          <g fontSize={15} fill="#1f2933">
            <rect x={20} y={470} width={920} height={50} rx={8} fill="#ffffff" stroke="#c3ccd6" />
            {LEGEND.map(({ key, fill }, i) => (
              <g key={key}>
                <rect x={40 + i * 160} y={486} width={18} height={18} rx={3} fill={fill} />
                <text x={66 + i * 160} y={500}>
                  {t(`help.diagram.${key}`)}
                </text>
              </g>
            ))}
            <circle cx={536} cy={495} r={6} fill="#e0534a" />
            <text x={550} y={500}>
              {t('help.diagram.relation')}
            </text>
          </g>
        </svg>
      </Box>
    );
  }
  return (
    <Box data-testid="system-overview" data-layout="narrow">
      <svg viewBox="0 0 480 670" {...common}>
        <title id={titleId}>{t('help.imageAlt')}</title>
        <rect width={480} height={670} fill="#f6f8fb" />
        <g transform="translate(0 -45) scale(0.5)">
          <Train />
          {CALLOUTS.map(({ key, point: [px, py] }, i) => (
            <Marker key={key} x={px} y={py} n={i + 1} r={22} />
          ))}
        </g>
        <g fontSize={22} fill="#1f2933">
          {CALLOUTS.map(({ key }, i) => (
            <g key={key}>
              <Marker x={44} y={170 + i * 50} n={i + 1} r={15} />
              <text x={72} y={170 + i * 50} dy="0.35em">
                {label(key)}
              </text>
            </g>
          ))}
        </g>
        <g fontSize={19} fill="#1f2933">
          <rect x={16} y={455} width={448} height={200} rx={10} fill="#ffffff" stroke="#c3ccd6" />
          {LEGEND.map(({ key, fill }, i) => (
            <g key={key}>
              <rect x={36} y={475 + i * 42} width={22} height={22} rx={3} fill={fill} />
              <text x={70} y={486 + i * 42} dy="0.35em">
                {t(`help.diagram.${key}`)}
              </text>
            </g>
          ))}
          <circle cx={47} cy={605} r={8} fill="#e0534a" />
          {/* Two lines: the longest label (German) stays as large as the others on a phone. */}
          <text x={70} y={605}>
            {twoLines(t('help.diagram.relation')).map((line, i) => (
              <tspan key={i} x={70} dy={i === 0 ? '0.35em' : '1.2em'}>
                {line}
              </tspan>
            ))}
          </text>
        </g>
      </svg>
    </Box>
  );
}
