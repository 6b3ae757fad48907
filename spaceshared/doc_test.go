package spaceshared

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/gridbench/gridbench/internal/golden"
)

// builtinsHead starts the paragraph of doc.go that lists the built-ins.
const builtinsHead = "// The built-in schedulers ("

// withBuiltins is doc.go with its list of built-ins made from names: the
// head line's count and the indented lines of names (wrapped at 64
// characters) that follow the blank comment line under it.
func withBuiltins(doc string, names []string) (string, error) {
	lines := strings.Split(doc, "\n")
	head := -1
	for i, l := range lines {
		if strings.HasPrefix(l, builtinsHead) {
			head = i
		}
	}
	if head < 0 {
		return "", fmt.Errorf("doc.go has no line starting %q", builtinsHead)
	}
	lines[head] = builtinsHead + fmt.Sprintf("%d names, as Names gives them; a test keeps", len(names))
	start := head + 1
	for start < len(lines) && lines[start] != "//" {
		start++
	}
	start++ // the list, after the blank comment line
	end := start
	for end < len(lines) && strings.HasPrefix(lines[end], "//\t") {
		end++
	}
	var list []string
	cur := ""
	for _, n := range names {
		if cur != "" && len(cur)+1+len(n) > 64 {
			list = append(list, "//\t"+cur)
			cur = ""
		}
		cur = strings.TrimPrefix(cur+" "+n, " ")
	}
	list = append(list, "//\t"+cur)
	out := append(append(append([]string{}, lines[:start]...), list...), lines[end:]...)
	return strings.Join(out, "\n"), nil
}

// builtins is the registry as a program importing this package finds it:
// read while this package is initialised, before the init functions of
// the package spaceshared_test, whose Example registers "sjf" as a
// researcher's module would (it was listed as a built-in).
var builtins = Names()

// The package documentation (`go doc spaceshared`) lists exactly the
// built-in schedulers the registry has.
func TestDocListsEveryBuiltin(t *testing.T) {
	b, err := os.ReadFile("doc.go")
	if err != nil {
		t.Fatal(err)
	}
	want, err := withBuiltins(string(b), builtins)
	if err != nil {
		t.Fatal(err)
	}
	if len(builtins) < 5 {
		t.Fatalf("only %d built-ins registered: %v", len(builtins), builtins)
	}
	golden.Check(t, "doc.go", want)
}

// The rewrite itself: a scheduler missing from the list is put in.
func TestWithBuiltins(t *testing.T) {
	doc := "// x\n" + builtinsHead + "2 names, as Names gives them; a test keeps\n// more\n//\n//\ta b\n//\n// rest\npackage p\n"
	got, err := withBuiltins(doc, []string{"a", "b", "c"})
	if err != nil {
		t.Fatal(err)
	}
	want := "// x\n" + builtinsHead + "3 names, as Names gives them; a test keeps\n// more\n//\n//\ta b c\n//\n// rest\npackage p\n"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}
