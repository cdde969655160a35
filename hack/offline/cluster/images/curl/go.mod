module vtbench.dev/hack/curl

go 1.22
