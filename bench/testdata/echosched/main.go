// Command echosched is the cheapest external scheduler that completes a
// run: first come, first served on machine 0, in Go. BenchmarkExternal
// runs it to show what a decision costs gridbench's side of the exec:
// protocol when the scheduler itself costs next to nothing.
package main

import (
	"bufio"
	"encoding/json"
	"os"
	"strconv"
)

type job struct {
	Job  int `json:"job"`
	CPUs int `json:"cpus"`
}

type msg struct {
	Type      string `json:"type"`
	Submitted []job  `json:"submitted"`
	Free      []int  `json:"free"`
}

func main() {
	in := bufio.NewReaderSize(os.Stdin, 1<<16)
	out := bufio.NewWriter(os.Stdout)
	var queue []job
	for {
		line, err := in.ReadBytes('\n')
		if err != nil {
			return
		}
		var m msg
		if err := json.Unmarshal(line, &m); err != nil {
			os.Exit(2)
		}
		switch m.Type {
		case "hello":
			out.WriteString(`{"type":"ready","protocol":1}` + "\n")
		case "decide":
			queue = append(queue, m.Submitted...)
			free := m.Free[0]
			b := []byte(`{"start":[`)
			k := 0
			for ; k < len(queue) && queue[k].CPUs <= free; k++ {
				free -= queue[k].CPUs
				if k > 0 {
					b = append(b, ',')
				}
				b = append(b, `{"job":`...)
				b = strconv.AppendInt(b, int64(queue[k].Job), 10)
				b = append(b, `,"machine":0}`...)
			}
			queue = queue[k:]
			out.Write(append(b, "]}\n"...))
		case "end":
			return
		}
		out.Flush()
	}
}
