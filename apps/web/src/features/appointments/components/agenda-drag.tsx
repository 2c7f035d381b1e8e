/**
 * Drag to move on the agenda (issue 11, ADR 0035), with dnd-kit: a visit dragged on the time grid
 * lands on a quarter hour of the column it is dropped on (a day, or in the day view a specialist);
 * in the month view it keeps its time and changes day. The move goes through the same PATCH as the
 * "Move" form, so the server's rules decide (the exclusion constraint, availability, the version
 * read): a refusal is said in a toast and the visit stays where it was. Mouse and touch (a long
 * press, so a phone still scrolls); keyboard and screen-reader users move a visit from its details
 * ("Move"), which every draggable visit's description says.
 */
import {
  DndContext,
  MouseSensor,
  pointerWithin,
  TouchSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core';
import type { Appointment } from '@painlab/shared/appointments';
import {
  useEffect,
  useMemo,
  useRef,
  type CSSProperties,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast';
import { useRescheduleAppointment } from '../api/save-appointment';
import { droppedMinutes } from '../lib/agenda';
import { instantAt } from '../lib/zoned';
import { useFailureMessage } from './appointment-actions';
import { useAppointmentFormat } from './appointment-format';

/** A visit as the agenda places it: its local day and minutes in the clinic's zone. */
export type PlacedVisit = Appointment & { day: string; start: number; end: number };

/** What a drop target stands for: a day, and in the day view a specialist too. */
export type DropTarget = { day: string; specialistId: string | null };

/** Where a visit being moved is shown until the server answers. */
export type PendingMove = { id: string; day: string; start: number; specialistId: string };

/**
 * The drag context of the agenda. `grid`: drops move in time by the drag's height (the time grid);
 * otherwise (the month) only the day changes. `onPending` shows the visit at its new place while
 * the move is saved (null: saved or refused).
 */
export function AgendaDnd({
  visits,
  zone,
  grid,
  onPending,
  children,
}: {
  visits: PlacedVisit[];
  zone: string;
  grid: boolean;
  onPending: (move: PendingMove | null) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('appointments');
  const format = useAppointmentFormat();
  const failure = useFailureMessage();
  const reschedule = useRescheduleAppointment();
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 8 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 300, tolerance: 8 } }),
  );
  const byId = useMemo(() => new Map(visits.map((v) => [v.id, v])), [visits]);
  const nameOf = (id: string | number) => byId.get(String(id))?.patient.name ?? '';

  const announcements: Announcements = {
    onDragStart: ({ active }) => t('drag.picked', { name: nameOf(active.id) }),
    onDragOver: () => undefined,
    onDragEnd: ({ active, over }) =>
      over ? t('drag.dropped', { name: nameOf(active.id) }) : t('drag.cancelled'),
    onDragCancel: () => t('drag.cancelled'),
  };

  async function onDragEnd({ active, over, delta }: DragEndEvent) {
    const visit = byId.get(String(active.id));
    const target = over?.data.current as DropTarget | undefined;
    if (!visit || !target) return;
    const start = grid
      ? droppedMinutes(visit.start, delta.y, visit.end - visit.start)
      : visit.start;
    const specialistId = target.specialistId ?? visit.specialist.id;
    if (target.day === visit.day && start === visit.start && specialistId === visit.specialist.id)
      return;
    const startsAt = instantAt(target.day, start, zone);
    onPending({ id: visit.id, day: target.day, start, specialistId });
    try {
      await reschedule.mutateAsync({
        id: visit.id,
        startsAt,
        version: visit.version,
        ...(specialistId !== visit.specialist.id ? { specialistId } : {}),
      });
      toast.success(
        t('drag.moved', { name: visit.patient.name, when: format.when(startsAt, zone) }),
      );
    } catch (error) {
      toast.error(failure(error));
    } finally {
      onPending(null);
    }
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={pointerWithin}
      accessibility={{
        announcements,
        screenReaderInstructions: { draggable: t('drag.instructions') },
      }}
      onDragEnd={(event) => void onDragEnd(event)}
    >
      {children}
    </DndContext>
  );
}

/**
 * Makes a visit draggable when it may be moved: the listeners go on the element that opens it (a
 * click without moving still opens it), its description tells how to move it without dragging.
 */
export function useDraggableVisit(visit: PlacedVisit) {
  const { setNodeRef, listeners, attributes, transform, isDragging } = useDraggable({
    id: visit.id,
    disabled: !visit.canReschedule,
  });
  // the mouse-up that ends a drag also clicks the visit: that click does not open it
  const endedAt = useRef(0);
  const wasDragging = useRef(false);
  useEffect(() => {
    if (wasDragging.current && !isDragging) endedAt.current = Date.now();
    wasDragging.current = isDragging;
  }, [isDragging]);
  const style: CSSProperties | undefined = transform
    ? { transform: `translate3d(${transform.x}px, ${transform.y}px, 0)`, zIndex: 20 }
    : undefined;
  return {
    setNodeRef,
    style,
    dragging: isDragging,
    handle: visit.canReschedule
      ? {
          ...listeners,
          'aria-describedby': attributes['aria-describedby'],
          onClickCapture: (event: MouseEvent) => {
            if (Date.now() - endedAt.current < 300) {
              event.preventDefault();
              event.stopPropagation();
            }
          },
        }
      : {},
  };
}

/** A column of the time grid or a day of the month that visits can be dropped on. */
export function useDropTarget(key: string, target: DropTarget) {
  const { setNodeRef, isOver } = useDroppable({ id: key, data: target });
  return { setNodeRef, isOver };
}
