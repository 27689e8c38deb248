import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';

/** The numbers behind a chart, folded away: readable without the picture, by anyone. */
export function ChartDataTable({ caption, columns, rows }: { caption: string; columns: [string, string]; rows: [string, string][] }) {
  return (
    <details className="text-sm">
      <summary className="cursor-pointer text-muted-foreground hover:text-foreground">Ver os dados em tabela</summary>
      <div className="mt-2 max-h-64 overflow-y-auto rounded-md border">
        <Table>
          <caption className="sr-only">{caption}</caption>
          <TableHeader>
            <TableRow>
              <TableHead>{columns[0]}</TableHead>
              <TableHead className="text-right">{columns[1]}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map(([label, value]) => (
              <TableRow key={label}>
                <TableCell className="py-1.5">{label}</TableCell>
                <TableCell className="py-1.5 text-right tabular-nums">{value}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
    </details>
  );
}
