/**
 * The focal point of an image field: click (or tap) the subject on the image, or move the
 * marker with the arrow keys (5% a step). Views that crop the image keep this point in frame
 * (src/lib/images/responsive.ts). Stored as focusX and focusY, 0–1, on the ImageSelection.
 */
import type { KeyboardEvent, MouseEvent } from 'react';

interface FocalPointProps {
  url: string;
  focusX: number | undefined;
  focusY: number | undefined;
  onChange(focus: { focusX: number; focusY: number } | undefined): void;
}

const STEP = 0.05;
const clamp = (value: number) => Math.round(Math.min(1, Math.max(0, value)) * 100) / 100;
const percent = (value: number) => `${Math.round(value * 100)}%`;

const KEY_MOVES: Record<string, [number, number]> = { ArrowLeft: [-STEP, 0], ArrowRight: [STEP, 0], ArrowUp: [0, -STEP], ArrowDown: [0, STEP] };

export function FocalPoint({ url, focusX, focusY, onChange }: FocalPointProps) {
  const [x, y] = [focusX ?? 0.5, focusY ?? 0.5];
  const set = (nextX: number, nextY: number) => onChange({ focusX: clamp(nextX), focusY: clamp(nextY) });
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    set((event.clientX - box.left) / box.width, (event.clientY - box.top) / box.height);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const move = KEY_MOVES[event.key];
    if (!move) return;
    event.preventDefault();
    set(x + move[0], y + move[1]);
  };
  const position = focusX === undefined && focusY === undefined ? 'the centre (not set)' : `${percent(x)} across, ${percent(y)} down`;
  return (
    <div className="focal-point">
      <span className="field-label">Focal point</span>
      <div
        className="focal-point-image"
        role="slider"
        tabIndex={0}
        aria-label="Focal point: click the subject, or move it with the arrow keys"
        aria-valuetext={position}
        aria-valuenow={Math.round(x * 100)}
        aria-valuemin={0}
        aria-valuemax={100}
        onClick={onClick}
        onKeyDown={onKeyDown}
      >
        <img src={url} alt="" draggable={false} />
        <span className="focal-point-marker" style={{ left: percent(x), top: percent(y) }} aria-hidden="true" />
      </div>
      <p className="field-hint focal-point-value">
        Kept in frame where a layout crops the image: {position}.{' '}
        {(focusX !== undefined || focusY !== undefined) && (
          <button type="button" className="btn btn-ghost btn-small" onClick={() => onChange(undefined)}>
            Reset to centre
          </button>
        )}
      </p>
    </div>
  );
}
