// Package atomicfile writes files that appear complete or not at all: the
// content goes to a temporary file beside the target, is flushed to disk,
// and is renamed over the target. A reader, or a run interrupted half-way,
// never sees a truncated results file, instance or figure, and a failed
// write leaves any earlier file in place. Every writer of gridbench output
// uses it.
//
// A path that is not a regular file is never renamed over: a symbolic link
// to a regular file has its target replaced (the link stays), and a
// device, a pipe or a socket (`--jobs-out /dev/stdout`), or a link to one,
// is written through, since renaming a file over /dev/stdout would replace
// the device node itself.
//
// A path whose name ends in .gz is written gzip-compressed (Gzipped),
// whatever the writer: every output flag takes such a name.
package atomicfile

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
)

// Write writes path through write, making its folder first if need be
// (every output flag takes a path in a folder not made yet). The file gets
// mode 0644 (os.CreateTemp makes files private; results are for sharing).
// A name ending in .gz gets gzip data (Gzipped). Errors name path.
func Write(path string, write func(io.Writer) error) error {
	if Gzipped(path) {
		write = gzipped(write)
	}
	file, thru, err := target(path)
	switch {
	case err != nil:
		return err
	case thru:
		return through(path, write)
	}
	return replace(file, write)
}

// target says how Write writes path: the regular file to replace (path,
// or the file a link to one names), or through path as it is (a device,
// a pipe, a socket, or a link to one of those or to nothing yet). A path
// that is or can only name a folder is an error.
func target(path string) (file string, thru bool, err error) {
	if namesFolder(path) {
		return "", false, fmt.Errorf("%s: names a folder, not a file", path)
	}
	lst, err := os.Lstat(path)
	if err != nil || lst.Mode().IsRegular() {
		return path, false, nil // a new file or a regular one
	}
	st, err := os.Stat(path)
	switch {
	case err == nil && st.Mode().IsRegular():
		// A link to a regular file: replace the file it names.
		if file, err = filepath.EvalSymlinks(path); err != nil {
			return "", false, fmt.Errorf("%s: %w", path, err)
		}
		return file, false, nil
	case err == nil && st.IsDir():
		return "", false, fmt.Errorf("%s: is a directory", path)
	}
	return path, true, nil
}

// Check says whether Write could write path, without writing it or
// making any folder: a command that computes for minutes before it writes
// its output calls it first, so that a folder it may not write, or a
// path that is a folder, is an error before the work rather than after
// (where the work is lost). It creates and removes an empty file in the
// folder path would be written in, or, where that folder is not made
// yet, in its nearest folder that is (where Write would make it). A
// device, a pipe or a socket is written through and is not checked. The
// errors are Write's, naming path.
func Check(path string) error {
	file, thru, err := target(path)
	switch {
	case err != nil:
		return err
	case thru:
		return nil // written through (see through)
	}
	path = file
	dir := filepath.Dir(path)
	made := dir // the nearest folder that exists
	for {
		st, err := os.Stat(made)
		if err == nil && !st.IsDir() {
			return fmt.Errorf("%s: cannot create output directory: %s is not a directory", path, made)
		}
		if err == nil {
			break
		}
		// (A file above says ENOTDIR, found on the way up.)
		if !errors.Is(err, fs.ErrNotExist) && !errors.Is(err, syscall.ENOTDIR) || filepath.Dir(made) == made {
			return fmt.Errorf("%s: cannot create output directory: %w", path, err)
		}
		made = filepath.Dir(made)
	}
	f, err := os.CreateTemp(made, ".gridbench-check.tmp*")
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err // the temporary file's name says nothing
		}
		if made != dir {
			return fmt.Errorf("%s: cannot create output directory: cannot write to %s: %w", path, made, err)
		}
		return fmt.Errorf("cannot write to %s: %w", dir, err)
	}
	f.Close()
	return os.Remove(f.Name())
}

// namesFolder reports whether path can only name a folder: it ends in a
// separator ("figs/"), or in "." or "..". Written as a file it became a
// folder of that name holding a stray temporary file.
func namesFolder(path string) bool {
	if path == "" {
		return false
	}
	if os.IsPathSeparator(path[len(path)-1]) {
		return true
	}
	b := filepath.Base(path)
	return b == "." || b == ".."
}

// through writes into path as it is: a device, a pipe, a socket, or a
// link to one of those or to nothing yet.
func through(path string, write func(io.Writer) error) (err error) {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o644)
	if err != nil {
		return err
	}
	defer func() {
		if cerr := f.Close(); err == nil && cerr != nil {
			err = fmt.Errorf("%s: %w", path, cerr)
		}
	}()
	bw := bufio.NewWriterSize(f, 1<<16)
	if err := write(bw); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return nil
}

// replace writes a temporary file beside path and renames it over path.
func replace(path string, write func(io.Writer) error) (err error) {
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("%s: cannot create output directory: %w", path, err)
	}
	tmp, err := os.CreateTemp(dir, "."+base+".tmp*")
	if err != nil {
		return fmt.Errorf("cannot write to %s: %w", dir, err)
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	bw := bufio.NewWriterSize(tmp, 1<<16)
	if err = write(bw); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	if err = bw.Flush(); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	if err = tmp.Chmod(0o644); err != nil {
		return err
	}
	if err = tmp.Sync(); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	if err = tmp.Close(); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return os.Rename(tmp.Name(), path)
}
