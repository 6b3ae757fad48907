package atomicfile

import (
	"compress/gzip"
	"io"
	"path/filepath"
	"strings"
)

// Gzipped reports whether Write compresses path: its name ends in .gz
// (in any case), as every reader of gridbench's (traces, Batsim workloads,
// pandas.read_csv) takes such a name to hold gzip data. `simulate
// --jobs-out o.csv.gz` wrote plain text under that name, which pandas
// refused (BadGzipFile).
func Gzipped(path string) bool { return strings.EqualFold(filepath.Ext(path), ".gz") }

// gzipped wraps write so that it writes through a gzip stream, closed (its
// checksum and length written) once write succeeds. The header names no
// file and no time (gzip.Writer's zero Header), so the same content gives
// the same bytes.
func gzipped(write func(io.Writer) error) func(io.Writer) error {
	return func(w io.Writer) error {
		zw := gzip.NewWriter(w)
		if err := write(zw); err != nil {
			return err
		}
		return zw.Close()
	}
}
