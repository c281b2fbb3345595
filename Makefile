# The two commands a newcomer needs:
#   make demo   build, create a demo store with a simulated WiFi link, and open the kiosk
#   make test   install what the tests need, build, and run every test
# And for the curious:
#   make bench  print the benchmark figures (see BENCHMARKS.md)

SWIFT ?= swift
DEMO_DIR ?= demo

.PHONY: demo test deps build release bench format clean

deps:
	@./scripts/install-deps.sh

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release --product attendance

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

demo: release
	@./scripts/demo.sh "$(DEMO_DIR)" "$$($(SWIFT) build -c release --show-bin-path)/attendance"

bench: deps
	$(SWIFT) build -c release
	"$$($(SWIFT) build -c release --show-bin-path)/attendance-bench"

clean:
	rm -rf .build "$(DEMO_DIR)"
