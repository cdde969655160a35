// Command k6 is k6 with vtbench's extension k6/x/vtbench (package vtbench): the same k6 as
// `go install go.k6.io/k6`, able to report its own CPU time and CPU limit to the load script.
package main

import (
	"go.k6.io/k6/cmd"

	_ "vtbench.dev/k6/vtbench"
)

func main() {
	cmd.Execute()
}
