package external

import (
	"bytes"
	"math"
	"math/bits"
	"strconv"
)

// The decide message and the start answer are most of what a run
// exchanges, so they have short paths beside encoding/json, which the
// other messages use: appendDecide writes the bytes json.Encoder writes
// for the decide message, and scanStarts reads the compact answer
// {"start":[{"job":J,"machine":M},...]} without allocating. Anything else
// (spaces, other key orders, numbers that are not plain integers, unknown
// fields) goes through encoding/json exactly as before, with its errors.

// appendDecide appends the decide message (time, submitted, completed,
// free) as json.Encoder encodes the Scheduler's out struct, newline
// included. ok is false, and nothing is appended, if a time is not finite
// (encoding/json refuses those).
func appendDecide(b []byte, now float64, sub []jobMsg, completed, free []int) (_ []byte, ok bool) {
	if !finite(now) {
		return b, false
	}
	for _, m := range sub {
		if !finite(m.Submit) || !finite(m.Estimate) || m.Deadline != nil && !finite(*m.Deadline) {
			return b, false
		}
	}
	b = append(b, `{"type":"decide","time":`...)
	b = appendJSONFloat(b, now)
	b = append(b, `,"submitted":[`...)
	for i, m := range sub {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"job":`...)
		b = strconv.AppendInt(b, int64(m.Job), 10)
		b = append(b, `,"id":`...)
		b = strconv.AppendInt(b, m.ID, 10)
		b = append(b, `,"submit":`...)
		b = appendJSONFloat(b, m.Submit)
		b = append(b, `,"cpus":`...)
		b = strconv.AppendInt(b, int64(m.CPUs), 10)
		b = append(b, `,"estimate":`...)
		b = appendJSONFloat(b, m.Estimate)
		if m.Deadline != nil {
			b = append(b, `,"deadline":`...)
			b = appendJSONFloat(b, *m.Deadline)
		}
		b = append(b, '}')
	}
	b = append(b, `],"completed":`...)
	b = appendInts(b, completed)
	b = append(b, `,"free":`...)
	b = appendInts(b, free)
	return append(b, "}\n"...), true
}

func finite(f float64) bool { return !math.IsNaN(f) && !math.IsInf(f, 0) }

func appendInts(b []byte, xs []int) []byte {
	b = append(b, '[')
	for i, x := range xs {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendInt(b, int64(x), 10)
	}
	return append(b, ']')
}

// appendJSONFloat appends a finite f as encoding/json does: the shortest
// decimal that reads back the same, in exponent form below 1e-6 and from
// 1e21 on, with a one-digit negative exponent written without its zero.
func appendJSONFloat(b []byte, f float64) []byte {
	format := byte('f')
	if abs := math.Abs(f); abs != 0 && (abs < 1e-6 || abs >= 1e21) {
		format = 'e'
	}
	b = strconv.AppendFloat(b, f, format, -1, 64)
	if format == 'e' {
		if n := len(b); n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
			b[n-2] = b[n-1]
			b = b[:n-1]
		}
	}
	return b
}

// scanStarts reads b as the compact answer {"start":[...]} whose starts
// are all {"job":J,"machine":M} with plain integers J and M, and calls
// each for them in order. ok is false, and each is never called, if b is
// not of that form: the caller then decodes it with encoding/json. The
// first error each returns ends the scan and is returned.
func scanStarts(b []byte, each func(j, m int) error) (ok bool, err error) {
	if !walkStarts(b, nil) {
		return false, nil
	}
	var ferr error
	walkStarts(b, func(j, m int) bool {
		ferr = each(j, m)
		return ferr == nil
	})
	return true, ferr
}

// walkStarts parses b, calling visit (when not nil) for each start until
// it returns false; it reports whether b has the compact form (up to
// where visit stopped).
func walkStarts(b []byte, visit func(j, m int) bool) bool {
	c := cursor{b: b}
	if !c.lit(`{"start":[`) {
		return false
	}
	if c.lit(`]}`) {
		return c.i == len(b)
	}
	for {
		if !c.lit(`{"job":`) {
			return false
		}
		j, ok := c.int()
		if !ok || !c.lit(`,"machine":`) {
			return false
		}
		m, ok := c.int()
		if !ok || !c.lit(`}`) {
			return false
		}
		if visit != nil && !visit(j, m) {
			return true
		}
		if c.lit(`]}`) {
			return c.i == len(b)
		}
		if !c.lit(`,`) {
			return false
		}
	}
}

type cursor struct {
	b []byte
	i int
}

func (c *cursor) lit(s string) bool {
	if !bytes.HasPrefix(c.b[c.i:], []byte(s)) {
		return false
	}
	c.i += len(s)
	return true
}

// intDigits is the most digits an int always holds: 18 where int has 64
// bits, 9 where it has 32. A longer number is left to encoding/json,
// which refuses what overflows (a job 2^32+1 read as job 1 on a 32-bit
// build started the wrong job).
const intDigits = 9 * (bits.UintSize / 32)

// int reads a JSON integer without fraction or exponent that fits an int
// surely (at most intDigits digits): -?(0|[1-9][0-9]*).
func (c *cursor) int() (int, bool) {
	neg := c.i < len(c.b) && c.b[c.i] == '-'
	if neg {
		c.i++
	}
	start := c.i
	n := 0
	for c.i < len(c.b) && c.b[c.i] >= '0' && c.b[c.i] <= '9' {
		n = n*10 + int(c.b[c.i]-'0')
		c.i++
	}
	digits := c.i - start
	if digits == 0 || digits > intDigits || digits > 1 && c.b[start] == '0' {
		return 0, false
	}
	if c.i < len(c.b) && (c.b[c.i] == '.' || c.b[c.i] == 'e' || c.b[c.i] == 'E') {
		return 0, false
	}
	if neg {
		n = -n
	}
	return n, true
}
