module vtbench.dev/k6

go 1.24

require go.k6.io/k6 v1.8.1
