# vtbench — run `make help` for the list of targets.
SHELL := /bin/bash
.DEFAULT_GOAL := help

include hack/versions.env

CACHE       ?= $(HOME)/.cache/vtbench
JAVA_HOME   ?= $(JDK25_HOME_DEFAULT)
export JAVA_HOME
JAVA        := $(JAVA_HOME)/bin/java
# vtbench --version names the commit a build came from
COMMIT      := $(shell git -C $(CURDIR) describe --always --dirty 2>/dev/null || echo unknown)
MVN         := mvn -B -ntp -Dmaven.repo.local=$(CACHE)/m2 -Dvtbench.commit=$(COMMIT)
CLI_JAR     := operator/local/target/vtbench-local-0.1.0-SNAPSHOT-cli.jar
SUT_JAR     := sut/target/vtbench-sut.jar
REACTIVE_SUT_JAR := sut/reactive/target/vtbench-sut-reactive.jar
STUB_JAR    := stub/target/vtbench-stub.jar
OPERATOR_JAR := operator/kube/target/vtbench-operator-0.1.0-SNAPSHOT-all.jar
BYO_JAR     := examples/byo-orders/target/byo-orders.jar
BYO_CLINIC_JAR := examples/byo-clinic/target/byo-clinic.jar
# the one launcher (JDK 25, its JVM options, VTBENCH_HOME), also what `make install` links
VTBENCH     := hack/vtbench
SOURCES     := $(shell find operator sut stub examples/byo-orders examples/byo-clinic -name '*.java' -o -name '*.sql' -o -name '*.yaml' -o -name '*.html' -o -name pom.xml 2>/dev/null) pom.xml

##@ Run

SPEC        ?= examples/quickstart.yaml
RESULTS     ?= results
K6          := $(CACHE)/bin/k6

.PHONY: run
run: $(CLI_JAR) $(BYO_JAR) $(BYO_CLINIC_JAR) k6 ## Run a BenchmarkRun locally (SPEC=examples/quickstart.yaml): CSV, summary and figures under results/<name>/
	$(VTBENCH) run $(SPEC) --results $(RESULTS) --k6 $(K6) $(RUN_ARGS)

.PHONY: bench
bench: $(CLI_JAR) k6 ## Reproduce the reference rig's two experiments scaled to this machine (3 reps each) into results/, k6 cross-checked against wrk at the top levels
	$(VTBENCH) run examples/bench-hero.yaml --results $(RESULTS) --k6 $(K6) --crosscheck $(RUN_ARGS)
	$(VTBENCH) run examples/bench-bottleneck.yaml --results $(RESULTS) --k6 $(K6) --crosscheck $(RUN_ARGS)

.PHONY: gallery
GALLERY := $(sort $(wildcard examples/gallery-*.yaml))
gallery: $(CLI_JAR) k6 ## Reproduce every seed experiment scaled to this machine (examples/gallery-*.yaml, ≈ 100 min on 2 cores) into results/
	@for spec in $(GALLERY); do \
	  echo "== gallery: $$spec"; \
	  $(VTBENCH) run $$spec --results $(RESULTS) --k6 $(K6) $(RUN_ARGS) || exit $$?; \
	done

.PHONY: figures
figures: $(CLI_JAR) ## Render a cluster run's figures and summary.md from its results ConfigMaps into results/<RUN>/ (RUN=name [NS=namespace])
	@test -n "$(RUN)" || { echo "usage: make figures RUN=<BenchmarkRun name> [NS=<namespace>]" >&2; exit 2; }
	VTBENCH="$(VTBENCH)" bash hack/cluster-figures.sh $(RUN) "$(NS)" $(RESULTS)/$(RUN)

.PHONY: rerender
rerender: $(CLI_JAR) ## Draw every committed result again (results/reference/*: summary.md, figures) from its matrix.csv with today's rules; make test fails until they match
	$(VTBENCH) rerender $(sort $(dir $(wildcard results/reference/*/matrix.csv)))

.PHONY: up
up: $(CLI_JAR) ## Start PostgreSQL (seeded), the stub and the SUT in the background; prints their URLs
	$(VTBENCH) up $(UP_ARGS)

.PHONY: down
down: ## Stop exactly what `make up` started
	@if [ -f $(CLI_JAR) ]; then $(VTBENCH) down; else echo "nothing to stop (not built)"; fi

##@ Install

PREFIX      ?= /usr/local
BINDIR      ?= $(PREFIX)/bin

.PHONY: install
install: ## Put a vtbench command on the PATH for use from any folder: a link PREFIX/bin/vtbench (PREFIX=/usr/local) to hack/vtbench
	@mkdir -p "$(BINDIR)"
	@if [ -e "$(BINDIR)/vtbench" ] && [ "$$(readlink "$(BINDIR)/vtbench")" != "$(CURDIR)/hack/vtbench" ]; then \
	  echo "$(BINDIR)/vtbench exists and is not this checkout's link: remove it first" >&2; exit 1; fi
	ln -sfn "$(CURDIR)/hack/vtbench" "$(BINDIR)/vtbench"
	@echo "vtbench -> $(CURDIR)/hack/vtbench; 'make build' first if its jars are not built (vtbench --version says)"

.PHONY: uninstall
uninstall: ## Remove the link make install made (same PREFIX), and nothing else
	@if [ -L "$(BINDIR)/vtbench" ] && [ "$$(readlink "$(BINDIR)/vtbench")" = "$(CURDIR)/hack/vtbench" ]; then \
	  rm "$(BINDIR)/vtbench" && echo "removed $(BINDIR)/vtbench"; \
	else echo "no link $(BINDIR)/vtbench to $(CURDIR)/hack/vtbench: nothing removed"; fi

##@ Build

.PHONY: build
build: $(CLI_JAR) $(OPERATOR_JAR) $(BYO_JAR) $(BYO_CLINIC_JAR) ## Build the SUT, stub, CLI, operator and the byo-orders and byo-clinic example jars (no tests)

$(CLI_JAR) $(SUT_JAR) $(REACTIVE_SUT_JAR) $(STUB_JAR) $(OPERATOR_JAR) $(BYO_JAR) $(BYO_CLINIC_JAR) &: $(SOURCES) | java-check
	$(MVN) -DskipTests -DskipITs install

.PHONY: k6
k6: ## Build the pinned k6 into ~/.cache/vtbench/bin (Go module proxy) unless it is there
	@bash hack/k6.sh >/dev/null

.PHONY: kube-tools
kube-tools: ## Build kube-apiserver + kubectl, etcd and Helm (Go module proxy), fetch the CloudNativePG, k6-operator and prometheus-operator CRDs into ~/.cache/vtbench
	@VTBENCH_CACHE=$(CACHE) bash hack/kube-tools.sh all

.PHONY: images
images: build ## Build the SUT, reactive SUT, stub, operator and byo-orders and byo-clinic example OCI image tars without a Docker daemon (in each module's target/)
	MVN='$(MVN)' bash hack/images.sh

.PHONY: crds
crds: java-check ## Regenerate crds/ from the Java model (the build fails when they drift)
	$(MVN) -q -pl operator/kube -am -DskipTests package
	cp operator/kube/target/classes/META-INF/fabric8/benchmarkruns.vtbench.dev-v1.yml crds/

.PHONY: fmt
fmt: java-check ## Format all Java code (the build fails on unformatted code)
	$(MVN) -q spotless:apply

##@ Test

.PHONY: test
test: java-check k6 kube-tools ## Run every test tier this machine can run: docs, unit, real PostgreSQL/stub/SUT/k6/kube-apiserver integration, chart, image smoke
	python3 hack/docs-check.py
	python3 -m unittest discover -s hack/tests
	eval "$$(VTBENCH_CACHE=$(CACHE) bash hack/kube-tools.sh env)" && $(MVN) install -Dvtbench.k6=$(K6)
	HELM=$(CACHE)/bin/helm bash hack/chart-test.sh
	$(MAKE) --no-print-directory image-test

.PHONY: docs-check
docs-check: ## Check that the docs name only targets, scripts, files and columns that exist, and quote the committed results as they are (hack/docs-check.py; first step of make test)
	python3 hack/docs-check.py
	python3 -m unittest discover -s hack/tests

.PHONY: chart-test
chart-test: kube-tools ## Lint and render the Helm chart, check the examples, and run the chart's Java checks (ChartIT, chart/*IT: security, RBAC, monitors, dashboard, values)
	HELM=$(CACHE)/bin/helm bash hack/chart-test.sh
	eval "$$(VTBENCH_CACHE=$(CACHE) bash hack/kube-tools.sh env)" && HELM=$(CACHE)/bin/helm $(MVN) -pl operator/kube -am verify \
	  -Dtest=none -Dsurefire.failIfNoSpecifiedTests=false -Dit.test='Chart*IT' -Dfailsafe.failIfNoSpecifiedTests=false

.PHONY: image-test
image-test: images ## Build the six images and prove they start as non-root
	bash hack/image-smoke.sh sut/target/vtbench-sut-image.tar \
	  sut/reactive/target/vtbench-sut-reactive-image.tar stub/target/vtbench-stub-image.tar \
	  operator/kube/target/vtbench-operator-image.tar examples/byo-orders/target/byo-orders-image.tar \
	  examples/byo-clinic/target/byo-clinic-image.tar

.PHONY: e2e
e2e: java-check ## End to end on a real single-node cluster built here, offline (root; 2 CPUs; about 50 minutes warm, about 70 cold): the *E2E tests and the monitoring phase; see docs/e2e.md
	bash hack/offline/e2e.sh $(E2E_ARGS)

.PHONY: e2e-nodes
e2e-nodes: java-check ## The multi-node phases of make e2e on a 3-node cluster built here (root; about 25 minutes warm): placement, NetworkPolicies, faults; see docs/e2e.md
	bash hack/offline/e2e.sh --nodes 3 --no-monitoring --only PlacementE2E,NetworkPolicyE2E,FaultsE2E $(E2E_ARGS)

.PHONY: e2e-parity
e2e-parity: java-check build ## The cluster half of results/reference/cluster-parity-* (root): examples/cluster-parity.yaml through the operator on make e2e's node, rendered into results/cluster-parity-cluster/
	bash hack/offline/e2e.sh --parity $(E2E_ARGS)

.PHONY: e2e-monitoring
e2e-monitoring: java-check ## The monitoring phase of make e2e alone (root): a live Prometheus answers every dashboard query for a short run; see docs/monitoring.md
	bash hack/offline/e2e.sh --monitoring-only $(E2E_ARGS)

RUNS        ?= 200
NAMESPACES  ?= 20
SCENARIOS   ?= 2
OPERATOR_JVM ?=
OPERATOR_ENV ?=

.PHONY: operator-bench
operator-bench: java-check kube-tools ## The operator at scale (not in make test): RUNS=200 runs of SCENARIOS=2 in NAMESPACES=20 namespaces on a real kube-apiserver; prints RSS, heap, reconcile p50/p99, API calls per row; fails on a lost or duplicated row (docs/operator-bench.md)
	eval "$$(VTBENCH_CACHE=$(CACHE) bash hack/kube-tools.sh env)" && $(MVN) -pl operator/kube -am verify -Poperator-bench \
	  -DskipTests -Dbench.runs=$(RUNS) -Dbench.namespaces=$(NAMESPACES) -Dbench.scenarios=$(SCENARIOS) \
	  -Dbench.operatorJvm="$(OPERATOR_JVM)" -Dbench.operatorEnv="$(OPERATOR_ENV)"

.PHONY: cluster
cluster: ## Start the offline single-node cluster (hack/offline/local-cluster.sh create); `hack/offline/local-cluster.sh teardown` stops it
	bash hack/offline/local-cluster.sh create

.PHONY: kind
kind: images ## A kind cluster (hack/kind-config.yaml) with the images loaded, CloudNativePG, k6-operator and the chart installed (a Docker engine; node image built here unless KIND_NODE_IMAGE): hack/kind.sh
	bash hack/kind.sh up

.PHONY: kind-down
kind-down: ## Delete the kind cluster make kind made, its kubeconfig context and kind's Docker network (hack/kind.sh down)
	bash hack/kind.sh down

.PHONY: kind-clean
kind-clean: ## make kind-down, then remove the kind node and base images built here (hack/kind.sh clean)
	bash hack/kind.sh clean

.PHONY: deps
deps: ## Install missing Debian packages (PostgreSQL, taskset, Maven) and check for JDK 25
	bash hack/install-deps.sh

##@ Helpers

.PHONY: java-check
java-check:
	@$(JAVA) -version 2>&1 | grep -qE 'version "2[5-9]' || { echo "JDK 25 not found at JAVA_HOME=$(JAVA_HOME): install Temurin 25 or set JAVA_HOME" >&2; exit 1; }

.PHONY: clean
clean: ## Remove build output (keeps the database and tool cache in ~/.cache/vtbench)
	$(MVN) -q clean

.PHONY: help
help: ## Show this help
	@awk 'BEGIN {FS = ":.*##"; printf "Usage: make \033[36m<target>\033[0m\n"} /^[a-zA-Z_0-9-]+:.*?##/ { printf "  \033[36m%-12s\033[0m %s\n", $$1, $$2 } /^##@/ { printf "\n\033[1m%s\033[0m\n", substr($$0, 5) } ' $(MAKEFILE_LIST)
