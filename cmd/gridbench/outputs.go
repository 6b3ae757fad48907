package main

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/urfave/cli/v2"

	"github.com/gridbench/gridbench/internal/atomicfile"
)

// checkOutputs checks, before a command reads and computes, that the
// files its output flags name can be written (atomicfile.Check): a
// simulation of a long log can take minutes, and a folder it may not
// write was found only once they were spent. It also refuses an output
// that is the file the command reads (input), which writing it would
// replace (`simulate --swf-out log.swf log.swf` left the log a schedule
// of its first jobs), and two outputs that name one file. "-" (standard
// output) and flags left out are not checked.
func checkOutputs(c *cli.Context, input string, flags ...string) error {
	named := map[string]string{} // absolute path -> the flag naming it
	for _, f := range flags {
		p := c.String(f)
		if p == "" || p == "-" {
			continue
		}
		if sameFile(p, input) {
			return fmt.Errorf("--%s %s: is the file this command reads, which writing it would replace; write to another file", f, p)
		}
		abs, err := filepath.Abs(p)
		if err != nil {
			return fmt.Errorf("--%s: %w", f, err)
		}
		if g, ok := named[abs]; ok {
			return fmt.Errorf("--%s and --%s both name %s: give each its own file", g, f, p)
		}
		named[abs] = f
		if err := atomicfile.Check(p); err != nil {
			return fmt.Errorf("--%s: %w", f, err)
		}
	}
	return nil
}

// sameFile reports whether paths a and b name one file that exists (a
// link to it, a path of another spelling too).
func sameFile(a, b string) bool {
	sa, err1 := os.Stat(a)
	sb, err2 := os.Stat(b)
	return err1 == nil && err2 == nil && os.SameFile(sa, sb)
}
