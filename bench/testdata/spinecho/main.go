// Command spinecho answers each line on its standard input with one line
// on its standard output after keeping its CPU busy for the duration given
// as its argument (0 when absent). BenchmarkPipeFloor runs it as the
// scheduler of a bare pipe round trip: no JSON, no simulator, only the
// kernel's part of a decision and a scheduler that thinks for as long as
// a real one.
package main

import (
	"fmt"
	"os"
	"syscall"
	"time"
)

func main() {
	var spin time.Duration
	if len(os.Args) > 1 {
		var err error
		if spin, err = time.ParseDuration(os.Args[1]); err != nil {
			fmt.Fprintln(os.Stderr, "spinecho:", err)
			os.Exit(2)
		}
	}
	buf := make([]byte, 4096)
	answer := []byte("ok\n")
	for {
		n, err := syscall.Read(0, buf)
		if n <= 0 || err != nil {
			return
		}
		if buf[n-1] != '\n' {
			continue // the rest of the line is still to come
		}
		for start := time.Now(); time.Since(start) < spin; {
		}
		if _, err := syscall.Write(1, answer); err != nil {
			return
		}
	}
}
