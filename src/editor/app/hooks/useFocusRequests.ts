/**
 * Moves the keyboard focus where a command asked, once it is on screen (a
 * few frames: the route, then the form, render): a field with a problem, or
 * the outline row of a section just added or moved.
 */
import { useEffect } from 'react';
import { fieldElement } from '../../lib/problems';
import type { FocusRequest } from '../../lib/store/state';

function target(request: NonNullable<FocusRequest>): HTMLElement | null {
  if (request.kind === 'section') return document.querySelector<HTMLElement>(`[data-section-index="${request.index}"]`);
  const inspector = document.querySelector('.inspector');
  return inspector && request.field ? fieldElement(inspector, request.field) : null;
}

export function useFocusRequests(request: FocusRequest) {
  useEffect(() => {
    if (!request) return;
    let frames = 0;
    let handle = 0;
    const attempt = () => {
      const element = target(request);
      if (element) {
        if (request.kind === 'field') element.scrollIntoView({ block: 'center' });
        element.focus();
      } else if ((frames += 1) < 30) handle = requestAnimationFrame(attempt);
      else if (request.kind === 'field') document.querySelector<HTMLElement>('.inspector :is(input, textarea, select, [contenteditable])')?.focus();
    };
    handle = requestAnimationFrame(attempt);
    return () => cancelAnimationFrame(handle);
  }, [request]);
}
