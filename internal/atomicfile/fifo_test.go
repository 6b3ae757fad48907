//go:build unix

package atomicfile

import (
	"io"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// A named pipe, and a link to one (what /dev/stdout is when output goes to
// a pipe), is written through and stays a pipe.
func TestWriteThroughFIFO(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "out.fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip("cannot make a FIFO:", err)
	}
	link := filepath.Join(dir, "stdout")
	if err := os.Symlink(fifo, link); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	for _, p := range []string{fifo, link} {
		// Open the reading end first, without waiting for a writer, so the
		// writer's open returns; the content fits in the pipe's buffer.
		r, err := os.OpenFile(fifo, os.O_RDONLY|syscall.O_NONBLOCK, 0)
		if err != nil {
			t.Fatal(err)
		}
		if err := Write(p, func(w io.Writer) error { _, err := io.WriteString(w, "job_id,submit\n1,0\n"); return err }); err != nil {
			t.Fatal(err)
		}
		r.SetReadDeadline(time.Now().Add(time.Minute)) // a guard against a hang, not a measurement
		b, err := io.ReadAll(r)
		r.Close()
		if err != nil || string(b) != "job_id,submit\n1,0\n" {
			t.Errorf("%s: read %q through the pipe (%v)", p, b, err)
		}
		if st, err := os.Lstat(fifo); err != nil || st.Mode()&os.ModeNamedPipe == 0 {
			t.Fatalf("%s: the FIFO was replaced by a %v", p, st.Mode())
		}
		if st, err := os.Lstat(link); err != nil || st.Mode()&os.ModeSymlink == 0 {
			t.Fatalf("%s: the link was replaced by a %v", p, st.Mode())
		}
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 2 {
		t.Errorf("%d entries in the folder, want the FIFO and the link (no temporary file left)", len(ents))
	}
}
