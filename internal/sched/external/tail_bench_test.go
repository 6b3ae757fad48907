package external

import (
	"strings"
	"testing"
)

// BenchmarkTailWrite is the cost of draining a scheduler's stderr: lines
// of progress output (none naming an error, the common case) or of a
// trace naming one on every line, written in the 32 KiB pieces io.Copy
// reads.
func BenchmarkTailWrite(b *testing.B) {
	for _, tc := range []struct{ name, line string }{
		{"lines=plain", strings.Repeat("x", 200)},
		{"lines=progress", "decision 1234 at t=5678.9: queue 17 jobs, 3 started, free [12 0 4 64]"},
		{"lines=errors", "Traceback: ValueError: cannot convert " + strings.Repeat("y", 150)},
	} {
		b.Run(tc.name, func(b *testing.B) {
			text := []byte(strings.Repeat(tc.line+"\n", 32<<10/(len(tc.line)+1)))
			b.SetBytes(int64(len(text)))
			var tl tail
			for b.Loop() {
				tl.Write(text)
			}
		})
	}
}
