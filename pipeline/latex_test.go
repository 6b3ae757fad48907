package pipeline

import (
	"path/filepath"
	"testing"

	"github.com/gridbench/gridbench/report"
)

// The page's LaTeX fragment, results/<study>/page/<page>.tex, reaches the
// figures of paper/ from its own folder, from the output folder and by
// the absolute folder, whatever the output folder's name holds.
func TestLatexBeside(t *testing.T) {
	out := filepath.Join(t.TempDir(), "my dir_1#x%y")
	tg := Target{Out: out, Study: "demo", Home: out}
	o := latexBeside(tg.Out, tg.PageDir(), "demo.tex", tg.PaperDir(), PaperDir(tg.Home))
	want := report.LaTeXOptions{Fragment: "results/demo/page/demo.tex", FromFragment: "../../../paper/", FromRoot: "paper/",
		Home: filepath.ToSlash(filepath.Join(out, "paper")) + "/"}
	if o != want {
		t.Errorf("latexBeside = %+v, want %+v", o, want)
	}
}
