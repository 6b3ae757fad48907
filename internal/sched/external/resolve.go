package external

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// A scheduler's results depend on the program that really runs, which its
// command often does not name: "/usr/bin/env python3 mine.py" runs the
// python3 that PATH finds, "./mine.py" the interpreter of its #! line, and
// a version manager's shim (pyenv, asdf, nodenv) is a shell script that
// execs another program. Resolve follows that chain as far as it can be
// read without running anything:
//
//   - a command word without a slash: the first executable of that name on
//     PATH (the PATH env sets, when the command sets one with NAME=VALUE);
//   - env: its options -i, -0, -u NAME and NAME=VALUE are skipped, and the
//     command it runs is resolved; any other option (-S, -C, ...) stops
//     the chain, named as unknown;
//   - a file that starts with #!: its interpreter and that line's argument,
//     resolved in turn (#!/usr/bin/env python3 finds python3 on PATH);
//   - a shell script (#! sh, bash, dash, zsh, ksh): the program each of its
//     exec lines names, when written out (exec /opt/py/bin/python3 "$@",
//     exec python3 "$@"); an exec line whose program is computed (exec
//     "$PYENV_ROOT/libexec/pyenv" or "$program") cannot be known before it
//     runs, and is named as unknown. A shell script's other commands are
//     not followed.
//
// The chain is at most maxResolveDepth programs long.

// Resolution is what a scheduler's command runs, as far as it is known.
type Resolution struct {
	// Programs are the executable files the command runs, in the order it
	// reaches them: the command's program, env's command, interpreters,
	// the programs a shim execs. Their content is part of a run's key.
	Programs []string
	// Unknown says, one sentence each, what runs that cannot be known
	// before the command runs.
	Unknown []string
}

// maxResolveDepth bounds the chain of programs Resolve follows.
const maxResolveDepth = 8

// maxScriptRead bounds how much of a script Resolve reads for exec lines.
const maxScriptRead = 256 << 10

// Resolve follows the command argv (split as New splits it) to the
// programs it runs, with getenv giving the environment the scheduler will
// have (os.Getenv for gridbench's own).
func Resolve(argv []string, getenv func(string) string) Resolution {
	var r Resolution
	seen := map[string]bool{}
	r.follow(argv, getenv("PATH"), 0, seen)
	return r
}

func (r *Resolution) unknown(format string, args ...any) {
	r.Unknown = append(r.Unknown, fmt.Sprintf(format, args...))
}

// follow resolves the program argv[0] found with path, and what it runs.
func (r *Resolution) follow(argv []string, path string, depth int, seen map[string]bool) {
	if len(argv) == 0 {
		return
	}
	if depth >= maxResolveDepth {
		r.unknown("%s: the chain of programs is longer than %d; the rest is not followed", argv[0], maxResolveDepth)
		return
	}
	p := lookPath(argv[0], path)
	if p == "" {
		return // the run cannot start: it fails and says so
	}
	if seen[p] {
		return
	}
	seen[p] = true
	r.Programs = append(r.Programs, p)
	if filepath.Base(p) == "env" {
		r.followEnv(p, argv[1:], path, depth, seen)
		return
	}
	head, text := readScript(p)
	if head == nil {
		return // a compiled program: it is what runs
	}
	// Linux passes the rest of the #! line as one argument.
	interp, arg, _ := strings.Cut(strings.TrimSpace(string(head)), " ")
	next := []string{interp}
	if arg = strings.TrimSpace(arg); arg != "" {
		next = append(next, arg)
	}
	r.follow(append(next, p), path, depth+1, seen)
	if !isShell(interp, arg) {
		return
	}
	r.followExecLines(p, text, path, depth, seen)
}

// followEnv resolves the command env runs, after its options.
func (r *Resolution) followEnv(env string, args []string, path string, depth int, seen map[string]bool) {
	cleared := false
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "-i" || a == "--ignore-environment" || a == "-":
			cleared = true
		case a == "-0" || a == "--null" || strings.HasPrefix(a, "--unset=") || (strings.HasPrefix(a, "-u") && len(a) > 2):
		case a == "-u" || a == "--unset":
			i++
		case a == "--":
			i++
			if i < len(args) {
				r.follow(args[i:], envPath(path, cleared), depth+1, seen)
			}
			return
		case strings.HasPrefix(a, "-"):
			r.unknown("%s %s: the program env runs is not resolved past this option", env, a)
			return
		case strings.Contains(a, "="):
			if name, value, _ := strings.Cut(a, "="); name == "PATH" {
				path, cleared = value, false
			}
		default:
			r.follow(args[i:], envPath(path, cleared), depth+1, seen)
			return
		}
	}
}

// envPath is the PATH env searches: with the environment cleared and no
// PATH set, the C library's default.
func envPath(path string, cleared bool) string {
	if cleared {
		return "/bin:/usr/bin"
	}
	return path
}

// followExecLines resolves the programs the shell script p execs.
func (r *Resolution) followExecLines(p string, text []byte, path string, depth int, seen map[string]bool) {
	sc := bufio.NewScanner(bytes.NewReader(text))
	sc.Buffer(nil, maxScriptRead)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		words := strings.Fields(line)
		if len(words) < 2 || words[0] != "exec" {
			continue
		}
		words = words[1:]
		for len(words) > 1 && (words[0] == "-c" || words[0] == "-l" || words[0] == "--") {
			words = words[1:]
		}
		if len(words) > 1 && words[0] == "-a" {
			words = words[2:]
		}
		if len(words) == 0 {
			continue
		}
		prog := strings.Trim(words[0], `"'`)
		if strings.ContainsAny(prog, "$`*?[") || prog == "" {
			r.unknown("%s picks the program it runs when it runs (line %d: %s)", p, n, clipLine(line))
			return
		}
		if strings.HasPrefix(prog, ">") || strings.HasPrefix(prog, "<") || strings.Contains(prog, ">") {
			continue // exec as a redirection: no program
		}
		r.follow([]string{prog}, path, depth+1, seen)
	}
}

// isShell says whether a #! line names a POSIX-like shell.
func isShell(interp, arg string) bool {
	name := filepath.Base(interp)
	if name == "env" {
		name = filepath.Base(strings.Fields(arg + " x")[0])
	}
	switch name {
	case "sh", "bash", "dash", "zsh", "ksh", "mksh", "ash":
		return true
	}
	return false
}

// readScript returns the #! line of the file at p without "#!", and the
// first maxScriptRead bytes of the file; nil when p is not a script.
func readScript(p string) (head, text []byte) {
	f, err := os.Open(p)
	if err != nil {
		return nil, nil
	}
	defer f.Close()
	magic := make([]byte, 2)
	if n, _ := f.Read(magic); n < 2 || string(magic) != "#!" {
		return nil, nil // a compiled program is not read further
	}
	buf := make([]byte, maxScriptRead)
	copy(buf, magic)
	n := 2
	for n < len(buf) {
		m, err := f.Read(buf[n:])
		n += m
		if err != nil || m == 0 {
			break
		}
	}
	text = buf[:n]
	if !bytes.HasPrefix(text, []byte("#!")) {
		return nil, nil
	}
	line, _, _ := bytes.Cut(text[2:], []byte("\n"))
	return bytes.TrimSpace(line), text
}

// lookPath returns the executable regular file that word names: the
// word itself when it holds a slash, else the first of that name in the
// folders of path; "" when there is none.
func lookPath(word, path string) string {
	if strings.Contains(word, "/") {
		if executable(word) {
			return filepath.Clean(word)
		}
		return ""
	}
	for _, dir := range filepath.SplitList(path) {
		if dir == "" {
			dir = "." // an empty entry is the working folder
		}
		if p := filepath.Join(dir, word); executable(p) {
			return p
		}
	}
	return ""
}

func executable(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.Mode().IsRegular() && st.Mode().Perm()&0o111 != 0
}

func clipLine(s string) string {
	if len(s) > 120 {
		return s[:117] + "..."
	}
	return s
}
