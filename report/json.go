package report

import (
	"encoding/json"
	"io"
	"math"
)

// jsonTable is the JSON shape of a Table: its cells as the page shows them
// (text) and, for numeric cells, the number itself (value) with its
// spreadsheet number format.
type jsonTable struct {
	ID      string       `json:"id"`
	Title   string       `json:"title,omitempty"`
	Columns []string     `json:"columns"`
	Rows    [][]jsonCell `json:"rows"`
	Notes   []string     `json:"notes,omitempty"`
}

type jsonCell struct {
	Text   string   `json:"text"`
	Value  *float64 `json:"value,omitempty"` // absent for text cells and non-finite numbers (JSON has no NaN or Inf)
	Bool   *bool    `json:"bool,omitempty"`
	Format string   `json:"format,omitempty"`
	Best   bool     `json:"best,omitempty"`
	Bad    bool     `json:"bad,omitempty"`
}

// WriteJSON renders t as an indented JSON object: id, title, columns, rows
// of cells {text, value, bool, format, best, bad} and notes.
func WriteJSON(w io.Writer, t *Table) error {
	return writeIndented(w, toJSON(t))
}

// toJSON is t in its JSON shape.
func toJSON(t *Table) jsonTable {
	out := jsonTable{ID: t.ID, Title: t.Title, Columns: t.Columns, Notes: t.Notes, Rows: make([][]jsonCell, len(t.Rows))}
	if out.Columns == nil {
		out.Columns = []string{}
	}
	for i, row := range t.Rows {
		cells := make([]jsonCell, len(row))
		for j, c := range row {
			jc := jsonCell{Text: c.Text, Best: c.Best, Bad: c.Bad}
			switch {
			case c.Boolean:
				b := c.Value != 0
				jc.Bool = &b
			case c.Num && !math.IsInf(c.Value, 0) && !math.IsNaN(c.Value):
				v := c.Value
				jc.Value, jc.Format = &v, c.Format
			}
			cells[j] = jc
		}
		out.Rows[i] = cells
	}
	return out
}

// writeIndented writes v as indented JSON, HTML characters as they are.
func writeIndented(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}
