package pipeline

import (
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestStudiesBelow: the pipeline sits above the studies, which never
// import it: the registry, the Experiment interface, the built-in studies
// and study files build without it, so experiments/all links them with no
// cycle (a program of your own runs a study file with RunStudy, here).
func TestStudiesBelow(t *testing.T) {
	goTool := filepath.Join(runtime.GOROOT(), "bin", "go")
	pkgs := []string{"../experiments", "../experiments/backfilling", "../experiments/deadline",
		"../experiments/federation", "../experiments/immediate", "../experiments/roundrobin", "../experiments/filestudy", "../report", "../bench"}
	out, err := exec.Command(goTool, append([]string{"list", "-deps"}, pkgs...)...).Output()
	if err != nil {
		t.Fatalf("go list -deps %v: %v", pkgs, err)
	}
	for _, p := range strings.Fields(string(out)) {
		if strings.HasSuffix(p, "/pipeline") {
			t.Errorf("%v depend on %s", pkgs, p)
		}
	}
}
