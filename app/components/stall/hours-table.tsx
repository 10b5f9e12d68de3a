import { useT } from "~/components/use-t";
import type { DayHours } from "~/lib/rules/open-status";

/** A stall's week, a row a day with its hours; today's row in bold where `markToday`. */
export function HoursTable({
  days,
  caption,
  markToday = false,
  className,
}: {
  days: DayHours[];
  caption: string;
  markToday?: boolean;
  className: string;
}) {
  const t = useT();
  return (
    <table className={className}>
      <caption className="sr-only">{caption}</caption>
      <tbody>
        {days.map((day) => (
          <tr key={day.day} className={markToday && day.isToday ? "font-bold" : undefined}>
            <th scope="row" className="py-0.5 pr-2 text-left font-medium">
              {day.label}
            </th>
            <td className="py-0.5 text-right">{t(day.hours)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
