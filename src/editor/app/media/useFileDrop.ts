/**
 * Files dropped on the library or pasted while it is open go to the upload
 * queue. A file dropped beside the drop zone must not make the browser leave
 * the editor to open it.
 */
import { useEffect, useRef, useState, type DragEvent } from 'react';

const hasFiles = (event: DragEvent) => Array.from(event.dataTransfer.types).includes('Files');

export function useFileDrop(addFiles: (files: File[]) => unknown) {
  const [dragging, setDragging] = useState(false);
  const depth = useRef(0);

  useEffect(() => {
    // Paste an image (Ctrl/Cmd+V) anywhere while the picker is open; pasted text goes where it always goes.
    const onPaste = (event: ClipboardEvent) => {
      const files = Array.from(event.clipboardData?.files ?? []);
      if (files.length === 0) return;
      event.preventDefault();
      addFiles(files);
    };
    const keep = (event: globalThis.DragEvent) => {
      if (event.dataTransfer?.types.includes('Files')) event.preventDefault();
    };
    document.addEventListener('paste', onPaste);
    window.addEventListener('dragover', keep);
    window.addEventListener('drop', keep);
    return () => {
      document.removeEventListener('paste', onPaste);
      window.removeEventListener('dragover', keep);
      window.removeEventListener('drop', keep);
    };
  }, [addFiles]);

  const handlers = {
    onDragEnter: (event: DragEvent) => {
      if (!hasFiles(event)) return;
      event.preventDefault();
      depth.current += 1;
      setDragging(true);
    },
    onDragOver: (event: DragEvent) => {
      if (!hasFiles(event)) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'copy';
    },
    onDragLeave: (event: DragEvent) => {
      if (!hasFiles(event)) return;
      depth.current = Math.max(0, depth.current - 1);
      if (depth.current === 0) setDragging(false);
    },
    onDrop: (event: DragEvent) => {
      if (!hasFiles(event)) return;
      event.preventDefault();
      depth.current = 0;
      setDragging(false);
      addFiles(Array.from(event.dataTransfer.files));
    },
  };
  return { dragging, handlers };
}
