import { type CSSProperties, type PointerEvent, useCallback, useEffect, useRef, useState } from "react";

/** The list item being dragged, where it would land, how far it has followed the pointer and how far the others
 * slide to make room for it (px). */
interface Drag {
  from: number;
  to: number;
  dy: number;
  room: number;
}

interface Gesture {
  pointerId: number;
  grip: HTMLElement;
  from: number;
  startPageY: number;
  lastClientY: number;
  /** The items' tops and bottoms in page coordinates when the drag began (transforms leave layout alone). */
  rects: { top: number; bottom: number }[];
  /** How far the others slide to make room: the dragged item's height plus the list's gap. */
  room: number;
  frame: number;
}

// Near the viewport's top or bottom edge the page scrolls by itself, because the grip keeps the finger from
// scrolling it (touch-action: none) while a long trail does not fit on a phone's screen.
const EDGE_PX = 56;
const SCROLL_PX_PER_FRAME = 12;

/**
 * Reorder a list by dragging a grip with pointer events: one path for touch, pen and mouse (HTML5 drag and drop
 * never starts from a touch on iOS Safari and many Android browsers). The dragged item follows the pointer and the
 * others slide apart where it will land; releasing calls `onMove(from, to)`, Escape or a cancelled pointer puts it
 * back. `listRef` goes on the list, whose element children are the items in order.
 */
export function usePointerReorder<List extends HTMLElement>(onMove: (from: number, to: number) => void) {
  const listRef = useRef<List>(null);
  const gesture = useRef<Gesture | null>(null);
  const [drag, setDrag] = useState<Drag | null>(null);

  // Stable, so that the Escape listener below is added once per drag.
  const end = useCallback(() => {
    const current = gesture.current;
    if (!current) return;
    gesture.current = null;
    cancelAnimationFrame(current.frame);
    if (current.grip.hasPointerCapture(current.pointerId))
      current.grip.releasePointerCapture(current.pointerId);
    setDrag(null);
  }, []);

  const scrollNearEdges = () => {
    const current = gesture.current;
    if (!current) return;
    const step =
      current.lastClientY < EDGE_PX
        ? -SCROLL_PX_PER_FRAME
        : current.lastClientY > window.innerHeight - EDGE_PX
          ? SCROLL_PX_PER_FRAME
          : 0;
    if (step !== 0) {
      window.scrollBy(0, step);
      setDrag(landing(current));
    }
    current.frame = requestAnimationFrame(scrollNearEdges);
  };

  const dragging = drag !== null;
  useEffect(() => {
    if (!dragging) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      event.preventDefault();
      end();
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [dragging, end]);

  // A drag left running when the list goes away stops scrolling the page.
  useEffect(() => () => cancelAnimationFrame(gesture.current?.frame ?? 0), []);

  /** The grip's handlers for the item at `index`. */
  const gripProps = (index: number) => ({
    onPointerDown: (event: PointerEvent<HTMLElement>) => {
      if (gesture.current || (event.pointerType === "mouse" && event.button !== 0)) return;
      const items = [...(listRef.current?.children ?? [])].map((item) => item.getBoundingClientRect());
      const dragged = items[index];
      if (!dragged) return;
      // No text selection and no native drag of the icon under a mouse.
      event.preventDefault();
      const gap = items.length > 1 && items[0] && items[1] ? items[1].top - items[0].bottom : 0;
      event.currentTarget.setPointerCapture(event.pointerId);
      const current: Gesture = {
        pointerId: event.pointerId,
        grip: event.currentTarget,
        from: index,
        startPageY: event.clientY + window.scrollY,
        lastClientY: event.clientY,
        rects: items.map((rect) => ({
          top: rect.top + window.scrollY,
          bottom: rect.bottom + window.scrollY,
        })),
        room: dragged.height + gap,
        frame: 0,
      };
      gesture.current = current;
      current.frame = requestAnimationFrame(scrollNearEdges);
      setDrag(landing(current));
    },
    onPointerMove: (event: PointerEvent<HTMLElement>) => {
      const current = gesture.current;
      if (!current || event.pointerId !== current.pointerId) return;
      current.lastClientY = event.clientY;
      setDrag(landing(current));
    },
    onPointerUp: (event: PointerEvent<HTMLElement>) => {
      const current = gesture.current;
      if (!current || event.pointerId !== current.pointerId) return;
      current.lastClientY = event.clientY;
      const { to } = landing(current);
      end();
      if (to !== current.from) onMove(current.from, to);
    },
    onPointerCancel: end,
    onLostPointerCapture: end,
  });

  /** Where the item at `index` is drawn while a drag is under way. */
  const itemStyle = (index: number): CSSProperties | undefined => {
    if (!drag) return undefined;
    if (index === drag.from) {
      return { transform: `translateY(${drag.dy}px)`, position: "relative", zIndex: 10 };
    }
    const shift =
      drag.from < index && index <= drag.to
        ? -drag.room
        : drag.to <= index && index < drag.from
          ? drag.room
          : 0;
    // Only while dragging: once dropped, the items change places in the DOM and must not slide back.
    return { transform: shift ? `translateY(${shift}px)` : undefined, transition: "transform 150ms ease" };
  };

  return { listRef, gripProps, itemStyle, dragged: drag?.from ?? null };
}

/** The dragged item's centre, moved with the pointer, lands after every other item whose centre it has passed. */
function landing(gesture: Gesture): Drag {
  const dy = gesture.lastClientY + window.scrollY - gesture.startPageY;
  const dragged = gesture.rects[gesture.from];
  const middle = dragged ? (dragged.top + dragged.bottom) / 2 + dy : 0;
  const to = gesture.rects.filter(
    (rect, index) => index !== gesture.from && (rect.top + rect.bottom) / 2 < middle,
  ).length;
  return { from: gesture.from, to, dy, room: gesture.room };
}
