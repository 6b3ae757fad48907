package etc

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/gridbench/gridbench/generators/trace"
)

// HeaderMode says whether the first line of an ETC file is a header.
type HeaderMode int

const (
	// HeaderAuto treats a first line of two or three unsigned integers as
	// the header "jobs machines [flag]"; any other first line is data, which
	// then needs ReadOptions.Jobs and Machines.
	HeaderAuto HeaderMode = iota
	// HeaderPresent requires the header.
	HeaderPresent
	// HeaderAbsent reads every line as data; Jobs and Machines are required.
	// Use it for header-less files whose first row happens to be integers.
	HeaderAbsent
)

// ReadOptions configures Read.
type ReadOptions struct {
	// Jobs and Machines give the size of header-less files. When the file
	// has a header as well, they must agree with it.
	Jobs, Machines int
	Header         HeaderMode
}

// maxPrealloc caps the capacity reserved from a header before any value is
// seen, so a corrupt header ("999999999 999999999") cannot exhaust memory.
const maxPrealloc = 1 << 20

// maxValues bounds jobs×machines; beyond it the header is surely corrupt.
const maxValues = MaxCells

// Read parses an ETC matrix in the Braun layout from r; name is used in
// error messages (usually the file name). Values may be spread over lines in
// any way (one per line in the Braun files); blank lines and CRLF line ends
// are accepted. Every value must be a number from 0 to MaxValue.
func Read(r io.Reader, name string, opts ReadOptions) (*Matrix, error) {
	if opts.Jobs < 0 || opts.Machines < 0 || (opts.Jobs == 0) != (opts.Machines == 0) {
		return nil, fmt.Errorf("%s: give both jobs and machines (got %d and %d), or neither if the file has a header", name, opts.Jobs, opts.Machines)
	}
	if err := CheckSize(opts.Jobs, opts.Machines); opts.Jobs > 0 && err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64*1024), 256<<20)
	// A last line with no line end may be a file cut short: a value cut
	// in the middle (21137790.0 cut to 211377) still reads as a number.
	torn := false
	sc.Split(func(data []byte, atEOF bool) (int, []byte, error) {
		if atEOF && len(data) > 0 && bytes.IndexByte(data, '\n') < 0 {
			torn = true
		}
		return bufio.ScanLines(data, atEOF)
	})
	lastFields := 0 // the values and header fields of the last line read
	var (
		jobs, machines = opts.Jobs, opts.Machines
		dimsFrom       = "given as jobs and machines options"
		line           int
		seenLine       bool
		vals           []float64
		total          int // values seen, including any beyond the expected count
		firstExtraLine int
	)
	for sc.Scan() {
		line++
		text := sc.Text()
		if line == 1 {
			text = strings.TrimPrefix(text, "\ufeff") // a byte order mark, as some editors save UTF-8
		}
		fields := strings.Fields(text)
		if lastFields = len(fields); len(fields) == 0 {
			continue
		}
		if !seenLine {
			seenLine = true
			isHeader := false
			switch opts.Header {
			case HeaderPresent:
				isHeader = true
			case HeaderAuto:
				isHeader = looksLikeHeader(fields)
			}
			if isHeader {
				n, m, err := parseHeader(fields, name, line)
				if err != nil {
					return nil, err
				}
				if jobs != 0 && (n != jobs || m != machines) {
					return nil, fmt.Errorf("%s:%d: header says %d jobs × %d machines but %d × %d were requested; fix the header or the requested size, or read line %d as data (ReadOptions.Header = HeaderAbsent; gridbench etc eval --no-header)", name, line, n, m, jobs, machines, line)
				}
				jobs, machines = n, m
				dimsFrom = fmt.Sprintf("from the header on line %d", line)
				vals = make([]float64, 0, min(jobs*machines, maxPrealloc))
				continue
			}
			if jobs == 0 {
				return nil, fmt.Errorf("%s:%d: no header: expected \"jobs machines [flag]\", got %q; add the header or give the number of jobs and machines", name, line, truncate(text))
			}
			vals = make([]float64, 0, min(jobs*machines, maxPrealloc))
		}
		want := jobs * machines
		for _, f := range fields {
			k := total
			total++
			if k >= want {
				if firstExtraLine == 0 {
					firstExtraLine = line
				}
				continue
			}
			v, err := strconv.ParseFloat(f, 64)
			if err != nil {
				return nil, fmt.Errorf("%s:%d: value %d (job %d, machine %d) %q is not a number", name, line, k+1, k/machines, k%machines, truncate(f))
			}
			switch {
			case math.IsNaN(v) || math.IsInf(v, 0):
				return nil, fmt.Errorf("%s:%d: value %d (job %d, machine %d) is %s; execution times must be finite", name, line, k+1, k/machines, k%machines, f)
			case v < 0:
				return nil, fmt.Errorf("%s:%d: value %d (job %d, machine %d) is negative (%s); execution times must be ≥ 0", name, line, k+1, k/machines, k%machines, f)
			case v > MaxValue:
				return nil, fmt.Errorf("%s:%d: value %d (job %d, machine %d) is %s, beyond the limit of %g for an execution time (sums of larger ones could overflow)", name, line, k+1, k/machines, k%machines, f, MaxValue)
			}
			vals = append(vals, v)
		}
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return nil, fmt.Errorf("%s:%d: line longer than 256 MiB; put the values on separate lines", name, line+1)
		}
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if !seenLine {
		return nil, fmt.Errorf("%s: empty file: expected a header \"jobs machines [flag]\" and then jobs×machines values", name)
	}
	want := jobs * machines
	if total != want {
		more := ""
		if total > want {
			more = fmt.Sprintf(" (the first extra value is on line %d)", firstExtraLine)
		}
		return nil, fmt.Errorf("%s: expected %d values (%d jobs × %d machines %s), found %d%s; check that the file is complete and the size is right", name, want, jobs, machines, dimsFrom, total, more)
	}
	if torn && lastFields > 0 {
		return nil, fmt.Errorf("%s:%d: the last line has no line end, so the file may be cut short (a value cut in the middle still reads as a number); if the file is whole, end it with a newline", name, line)
	}
	return &Matrix{Jobs: jobs, Machines: machines, ETC: vals}, nil
}

// looksLikeHeader reports whether fields are two or three unsigned integers.
// Values in the Braun files always carry a decimal point, so an integer row
// is read as a header; HeaderAbsent overrides this for integer-valued data.
func looksLikeHeader(fields []string) bool {
	if len(fields) < 2 || len(fields) > 3 {
		return false
	}
	for _, f := range fields {
		for _, c := range f {
			if c < '0' || c > '9' {
				return false
			}
		}
	}
	return true
}

func parseHeader(fields []string, name string, line int) (jobs, machines int, err error) {
	if len(fields) < 2 || len(fields) > 3 {
		return 0, 0, fmt.Errorf("%s:%d: header must be \"jobs machines [flag]\", got %d fields", name, line, len(fields))
	}
	what := [...]string{"jobs", "machines", "flag"}
	var v [3]int
	for i, f := range fields {
		n, err := strconv.Atoi(f)
		if err != nil || n < 0 || (i < 2 && n == 0) {
			return 0, 0, fmt.Errorf("%s:%d: header field %d (%s) %q is not a positive integer", name, line, i+1, what[i], truncate(f))
		}
		v[i] = n
	}
	if v[0] > maxValues/v[1] {
		return 0, 0, fmt.Errorf("%s:%d: header %d jobs × %d machines is too large (over %d values); is the header corrupt?", name, line, v[0], v[1], maxValues)
	}
	return v[0], v[1], nil
}

func truncate(s string) string {
	if len(s) > 40 {
		return s[:40] + "…"
	}
	return s
}

// ReadFile reads the ETC matrix at path, gzip-compressed or not (as etc
// generate -o FILE.gz writes it); errors name the file's base name.
func ReadFile(path string, opts ReadOptions) (*Matrix, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	br := bufio.NewReaderSize(f, 64*1024)
	if trace.IsGzip(br) {
		zr, err := trace.NewGunzip(br)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", filepath.Base(path), err)
		}
		defer zr.Close()
		return Read(bufio.NewReaderSize(zr, 64*1024), filepath.Base(path), opts)
	}
	return Read(br, filepath.Base(path), opts)
}

// Write writes m in the Braun layout: with header, the line
// "jobs machines 0" as in the 512×16 benchmark files, then one value per
// line in the shortest form that reads back to the same float64.
func Write(w io.Writer, m *Matrix, header bool) error {
	bw := bufio.NewWriter(w)
	if header {
		fmt.Fprintf(bw, "%d %d 0\n", m.Jobs, m.Machines)
	}
	buf := make([]byte, 0, 32)
	for _, v := range m.ETC {
		buf = strconv.AppendFloat(buf[:0], v, 'g', -1, 64)
		buf = append(buf, '\n')
		if _, err := bw.Write(buf); err != nil {
			return err
		}
	}
	return bw.Flush()
}
