import type { CatalogueFileInput } from "@skillshelf/shared/catalogue-file.ts";
import { MONEY_BACK_DAYS } from "@skillshelf/shared/constants.ts";
import { makePdf } from "./pdf.ts";
import { makePng } from "./png.ts";

/**
 * The demo catalogue seeded on an empty database. The articles are assembled
 * from per-topic fact records and one HTML template per kind of parent
 * category, so the file stays readable while every page reads like a real
 * one. Media are generated (makePng, makePdf) from the same records. The
 * output is deterministic: same bytes on every call.
 */

type Kind = "card" | "sheet" | "lab" | "stack" | "guide" | "kit";

interface Item {
  slug: string;
  title: string;
  short: string;
  /** HTML: inline tags only. */
  intro: string;
  /** HTML list items. */
  points?: string[];
  /** HTML list items, rendered as an ordered list. */
  steps?: string[];
  /** Plain text; escaped when rendered. */
  code?: string;
  lang?: string;
  /** Plain text table rows. */
  rows?: [string, string][];
  cols?: [string, string];
  /** HTML list items. */
  pitfalls?: string[];
  /** An extra link for the closing section. */
  link?: [string, string];
  /** Related contents besides the item's siblings, as "artefact-slug/content-slug". */
  see?: string[];
  /** No related contents at all (the page then shows its empty state). */
  noRelated?: true;
  /** Leave meta_title/meta_description out, so the page falls back to the defaults. */
  noMeta?: true;
  /** File names; the extension (.png or .pdf) decides what is generated. */
  media?: string[];
}

interface Group {
  name: string;
  price?: number;
  items: Item[];
}

interface Artefact {
  slug: string;
  name: string;
  icon: string;
  single: string;
  docs: [string, string];
  lang: string;
  price?: number;
  items?: Item[];
  groups?: Group[];
  /** No single line and no SEO fields: its listing shows the store's defaults. */
  bare?: true;
}

interface Parent {
  slug: string;
  name: string;
  icon: string;
  single: string;
  kind: Kind;
  header: boolean;
  metaDescription: string;
  artefacts: Artefact[];
}

const PAYMENT_NOTE = `One payment, lifetime access. ${MONEY_BACK_DAYS}-day money-back guarantee.`;
const GROUP_PAYMENT_NOTE = `Buy this group on its own: one payment, lifetime access. ${MONEY_BACK_DAYS}-day money-back guarantee.`;

/** Removes the indentation a snippet has in this file. */
function snippet(text: string): string {
  const lines = text.replace(/^\n/, "").replace(/\s+$/, "").split("\n");
  const indent = Math.min(...lines.filter((l) => l.trim()).map((l) => /^ */.exec(l)?.[0].length ?? 0));
  return lines.map((l) => l.slice(indent)).join("\n");
}

const HEADINGS: Record<
  Kind,
  {
    intro: string;
    points: string;
    steps: string;
    code: string;
    rows: string;
    pitfalls: string;
    more: string;
    closing: string;
  }
> = {
  card: {
    intro: "The idea",
    points: "Remember",
    steps: "How to use it",
    code: "Try it",
    rows: "At a glance",
    pitfalls: "Watch out for",
    more: "Go deeper",
    closing: "Keep this card next to your terminal until the commands come without thinking.",
  },
  sheet: {
    intro: "What it is for",
    points: "Key rules",
    steps: "Workflow",
    code: "Example",
    rows: "Quick reference",
    pitfalls: "Gotchas",
    more: "Reference",
    closing: "Print the sheet or pin it in a browser tab until the commands stick.",
  },
  lab: {
    intro: "Goal",
    points: "Before you start",
    steps: "Steps",
    code: "The code",
    rows: "Commands used in this lab",
    pitfalls: "Troubleshooting",
    more: "Further reading",
    closing: "When you are done, remove what you created so it does not keep running or costing money.",
  },
  stack: {
    intro: "Overview",
    points: "How the pieces fit",
    steps: "Rollout plan",
    code: "Sample configuration",
    rows: "Components",
    pitfalls: "Trade-offs",
    more: "Further reading",
    closing: "Start with the smallest version of the stack and add pieces only when you feel their absence.",
  },
  guide: {
    intro: "In short",
    points: "Key facts",
    steps: "Step by step",
    code: "Example",
    rows: "Cheat table",
    pitfalls: "Common mistakes",
    more: "Read more",
    closing: "Official references are long but well indexed: jump straight to the section you need.",
  },
  kit: {
    intro: "What interviewers look for",
    points: "A strong answer covers",
    steps: "Practice questions",
    code: "Whiteboard snippet",
    rows: "Terms to know",
    pitfalls: "Red flags",
    more: "Prepare with",
    closing: "Practise answering out loud in under three minutes, then go one level deeper when asked.",
  },
};

// ---------------------------------------------------------------------------
// Tech cards
// ---------------------------------------------------------------------------

const docker: Artefact = {
  slug: "docker",
  name: "Docker",
  icon: "🐳",
  single: "Images, layers, volumes and multi-stage builds on pocket-sized cards.",
  docs: ["Docker documentation", "https://docs.docker.com/"],
  lang: "dockerfile",
  price: 19.99,
  items: [
    {
      slug: "image-layers",
      title: "Image layers and the build cache",
      short:
        "How each Dockerfile instruction becomes a read-only layer, and how ordering your instructions keeps rebuilds fast and images small.",
      intro:
        "A Docker image is a stack of read-only <strong>layers</strong>, one for each instruction that changes the filesystem (<code>RUN</code>, <code>COPY</code>, <code>ADD</code>). A running container adds one thin writable layer on top. On a rebuild Docker reuses every cached layer up to the first instruction whose inputs changed; everything after it is rebuilt.",
      points: [
        "Put what changes rarely (base image, system packages, dependency install) before what changes often (your source code).",
        "Copy the dependency manifest alone first (<code>package.json</code>, <code>requirements.txt</code>), install, then copy the rest of the source.",
        "Deleting a file in a later layer does not shrink the image: the bytes stay in the earlier layer. Clean up in the same <code>RUN</code> that created them.",
        "A <code>.dockerignore</code> file keeps <code>node_modules</code>, <code>.git</code> and build output out of the build context.",
      ],
      code: snippet(`
        FROM node:20-slim
        WORKDIR /app
        COPY package.json package-lock.json ./
        RUN npm ci --omit=dev
        COPY . .
        CMD ["node", "server.js"]
      `),
      rows: [
        ["docker history IMAGE", "List the layers of an image with their sizes and the instruction that made them"],
        ["docker image inspect IMAGE", "Show the layer digests (RootFS.Layers) and the image configuration"],
        ["docker build --no-cache .", "Rebuild every layer, ignoring the cache"],
        ["docker system df", "Disk used by images, containers, volumes and the build cache"],
      ],
      link: ["Docker build cache", "https://docs.docker.com/build/cache/"],
      see: ["kubernetes/pods-and-deployments"],
      media: ["docker-layers.png", "docker-build-cache.png", "docker-cheatsheet.pdf"],
    },
    {
      slug: "multi-stage-builds",
      title: "Multi-stage builds",
      short:
        "Build with the full toolchain, ship only the result: multi-stage Dockerfiles cut image size and attack surface.",
      intro:
        "A multi-stage Dockerfile has several <code>FROM</code> lines. Each starts a new stage, and <code>COPY --from=stage</code> copies files out of an earlier one. Only the last stage becomes the image you ship, so compilers, dev dependencies and source code stay behind.",
      points: [
        "Name stages with <code>FROM image AS name</code> and refer to them by name rather than by index.",
        "Build one stage with <code>docker build --target build .</code>, handy for running tests in CI.",
        "For statically linked binaries the final stage can be <code>gcr.io/distroless/static</code> or even <code>scratch</code>.",
        "BuildKit builds independent stages in parallel and skips stages the target does not need.",
      ],
      code: snippet(`
        FROM golang:1.22 AS build
        WORKDIR /src
        COPY go.mod go.sum ./
        RUN go mod download
        COPY . .
        RUN CGO_ENABLED=0 go build -o /out/api ./cmd/api

        FROM gcr.io/distroless/static-debian12
        COPY --from=build /out/api /api
        USER nonroot
        ENTRYPOINT ["/api"]
      `),
      pitfalls: [
        "Without <code>CGO_ENABLED=0</code> a Go binary may link against glibc and fail to start on <code>scratch</code>.",
        "Copied files keep their owner: use <code>COPY --chown=</code> when the final image runs as a non-root user.",
      ],
      link: ["Multi-stage builds", "https://docs.docker.com/build/building/multi-stage/"],
    },
    {
      slug: "volumes-and-bind-mounts",
      title: "Volumes and bind mounts",
      short:
        "Where container data lives: named volumes for databases, bind mounts for source code in development, tmpfs for secrets that must never touch disk.",
      intro:
        "A container's writable layer disappears with the container. To keep data, mount storage into it: <strong>named volumes</strong> are managed by Docker, <strong>bind mounts</strong> map a host path, and <strong>tmpfs</strong> mounts live in memory only.",
      rows: [
        ["-v pgdata:/var/lib/postgresql/data", "Named volume, created on first use"],
        ["--mount type=bind,src=$(pwd),dst=/app", "Bind mount the current directory"],
        ["--mount type=tmpfs,dst=/run/secrets", "In-memory mount, gone when the container stops"],
        ["docker volume ls / docker volume prune", "List volumes / remove the unused ones"],
      ],
      points: [
        "Prefer <code>--mount</code> in scripts: it is explicit, and a missing bind source is an error instead of a silently created empty directory.",
        "An empty named volume is filled with the image's files at the mount point; a bind mount hides them.",
        "Add <code>readonly</code> for configuration the container only needs to read.",
      ],
      code: snippet(`
        docker volume create pgdata
        docker run -d --name db \\
          -e POSTGRES_PASSWORD=example \\
          --mount type=volume,src=pgdata,dst=/var/lib/postgresql/data \\
          postgres:16
      `),
      lang: "bash",
      noMeta: true,
    },
  ],
};

const kubernetes: Artefact = {
  slug: "kubernetes",
  name: "Kubernetes",
  icon: "☸️",
  single: "Pods, services, probes and resource limits explained one card at a time.",
  docs: ["Kubernetes documentation", "https://kubernetes.io/docs/home/"],
  lang: "yaml",
  price: 29,
  items: [
    {
      slug: "kubernetes-objects",
      title: "Kubernetes objects in one page",
      short:
        "Pods, ReplicaSets, Deployments, Services, ConfigMaps and Secrets: what each object is for and how they find each other through labels.",
      intro:
        "Everything in Kubernetes is an <strong>object</strong> with a <code>spec</code> (what you want) and a <code>status</code> (what is). Controllers run reconcile loops that keep moving the status towards the spec. Objects find each other through <strong>labels and selectors</strong>, not by name.",
      cols: ["Object", "Purpose"],
      rows: [
        ["Pod", "One or more containers sharing a network namespace and volumes"],
        ["ReplicaSet", "Keeps N identical pods running"],
        ["Deployment", "Manages ReplicaSets to roll out new versions gradually"],
        ["Service", "A stable virtual IP and DNS name in front of a set of pods"],
        ["ConfigMap / Secret", "Configuration and credentials, mounted as files or environment variables"],
        ["Namespace", "A scope for names, quotas and access rules"],
      ],
      code: snippet(`
        kubectl explain deployment.spec.strategy
        kubectl get deploy,rs,pods -l app=web
        kubectl describe pod web-7d9c6b8f5-x2k4q
      `),
      lang: "bash",
      link: ["kubectl quick reference", "https://kubernetes.io/docs/reference/kubectl/quick-reference/"],
    },
  ],
  groups: [
    {
      name: "Workloads",
      items: [
        {
          slug: "pods-and-deployments",
          title: "Pods and Deployments",
          short:
            "Why you almost never create a Pod directly, and how a Deployment rolls out a new version without downtime.",
          intro:
            "A <strong>Pod</strong> is the smallest thing Kubernetes schedules, but a bare Pod is not recreated when its node dies. A <strong>Deployment</strong> declares how many replicas you want and which template they use; changing the template starts a rolling update through a new ReplicaSet.",
          points: [
            "<code>maxSurge</code> and <code>maxUnavailable</code> control how many pods are added or removed at each step of a rollout.",
            "<code>kubectl rollout status</code> waits for a rollout; <code>kubectl rollout undo</code> returns to the previous ReplicaSet.",
            "The selector must match the template's labels and cannot be changed after creation.",
          ],
          code: snippet(`
            apiVersion: apps/v1
            kind: Deployment
            metadata:
              name: web
            spec:
              replicas: 3
              selector:
                matchLabels: { app: web }
              strategy:
                rollingUpdate: { maxSurge: 1, maxUnavailable: 0 }
              template:
                metadata:
                  labels: { app: web }
                spec:
                  containers:
                    - name: web
                      image: ghcr.io/example/web:1.4.2
                      ports: [{ containerPort: 8080 }]
          `),
          see: ["docker/image-layers"],
          media: ["k8s-pods.png"],
        },
        {
          slug: "services-and-ingress",
          title: "Services and Ingress",
          short: "Service types, and how an Ingress routes HTTP hosts and paths to them.",
          intro:
            "Pods come and go with new IPs. A <strong>Service</strong> gives a set of pods (chosen by label) one stable address and a DNS name such as <code>web.shop.svc.cluster.local</code>. An <strong>Ingress</strong> sits in front of Services and routes HTTP by host and path, implemented by an ingress controller.",
          cols: ["Service type", "Reachable from"],
          rows: [
            ["ClusterIP", "Inside the cluster only (the default)"],
            ["NodePort", "A port (30000-32767) on every node"],
            ["LoadBalancer", "A cloud load balancer with an external IP"],
            ["ExternalName", "A DNS CNAME to a name outside the cluster"],
          ],
          code: snippet(`
            apiVersion: networking.k8s.io/v1
            kind: Ingress
            metadata:
              name: shop
            spec:
              rules:
                - host: shop.example.com
                  http:
                    paths:
                      - path: /api
                        pathType: Prefix
                        backend:
                          service: { name: api, port: { number: 80 } }
          `),
          see: ["networking/dns-resolution"],
        },
      ],
    },
    {
      name: "Operations",
      price: 12.5,
      items: [
        {
          slug: "probes",
          title: "Liveness, readiness and startup probes",
          short:
            "Three probes, three questions: is it alive, can it take traffic, has it finished starting? Getting them wrong causes restart loops and dropped requests.",
          intro:
            "The kubelet runs probes against each container. A failing <strong>liveness</strong> probe restarts the container; a failing <strong>readiness</strong> probe removes the pod from Service endpoints without restarting it; a <strong>startup</strong> probe holds the other two off until a slow application has booted.",
          points: [
            "Readiness should check what the pod needs to serve (for example its database connection); liveness should only check that the process is not stuck.",
            "Never let liveness depend on a shared downstream: one slow database would restart every pod at once.",
            "Give slow starters a startup probe with <code>failureThreshold × periodSeconds</code> longer than the worst boot time.",
          ],
          code: snippet(`
            readinessProbe:
              httpGet: { path: /ready, port: 8080 }
              periodSeconds: 5
            livenessProbe:
              httpGet: { path: /live, port: 8080 }
              periodSeconds: 10
              failureThreshold: 3
            startupProbe:
              httpGet: { path: /live, port: 8080 }
              failureThreshold: 30
              periodSeconds: 2
          `),
          see: ["observability/slos-and-alerting"],
        },
        {
          slug: "resources-and-qos",
          title: "Requests, limits and QoS classes",
          short:
            "Requests decide where a pod is scheduled, limits decide when it is throttled or killed, and together they set the pod's quality-of-service class.",
          intro:
            "The scheduler places a pod on a node with enough unreserved <strong>requests</strong>. At run time a container over its CPU <strong>limit</strong> is throttled, and one over its memory limit is OOM-killed. The combination sets the QoS class that decides who is evicted first when a node runs short.",
          cols: ["QoS class", "When"],
          rows: [
            ["Guaranteed", "Every container has requests equal to limits for CPU and memory"],
            ["Burstable", "At least one request or limit is set, but not Guaranteed"],
            ["BestEffort", "No requests or limits at all: evicted first"],
          ],
          points: [
            "Always set a memory request and limit; memory cannot be throttled, only killed.",
            "CPU limits cause latency spikes through CFS throttling; many teams set CPU requests only.",
            "Use <code>kubectl top pods</code> and your metrics history to size requests from real usage.",
          ],
          code: snippet(`
            resources:
              requests: { cpu: 250m, memory: 256Mi }
              limits: { memory: 256Mi }
          `),
          media: ["k8s-resources.pdf"],
        },
      ],
    },
  ],
};

const git: Artefact = {
  slug: "git",
  name: "Git",
  icon: "🌿",
  single: "Branching, rebasing and undoing mistakes without fear.",
  docs: ["Pro Git book", "https://git-scm.com/book/en/v2"],
  lang: "bash",
  items: [
    {
      slug: "branching-and-merging",
      title: "Branching and merging",
      short:
        "A branch is a movable pointer to a commit. Creating one is instant; merging joins histories with a fast-forward or a merge commit.",
      intro:
        "A branch is just a file containing a commit id, and <code>HEAD</code> points at the branch you have checked out. A <strong>fast-forward</strong> merge moves the pointer when there is no divergence; otherwise Git creates a <strong>merge commit</strong> with two parents.",
      code: snippet(`
        git switch -c feature/search      # create and switch
        git commit -am "Add search box"
        git switch main
        git merge --no-ff feature/search  # always record a merge commit
        git branch -d feature/search
        git log --oneline --graph --all
      `),
      points: [
        "<code>git switch</code> and <code>git restore</code> split the two jobs of the old <code>git checkout</code>.",
        "<code>--no-ff</code> keeps a visible merge commit even when a fast-forward was possible.",
        "Conflicts are marked with <code>&lt;&lt;&lt;&lt;&lt;&lt;&lt;</code>, <code>=======</code> and <code>&gt;&gt;&gt;&gt;&gt;&gt;&gt;</code>; edit, <code>git add</code>, then <code>git commit</code>.",
      ],
      media: ["git-branches.png"],
    },
    {
      slug: "rebase-vs-merge",
      title: "Rebase or merge?",
      short:
        "Rebase rewrites your commits on top of another branch for a linear history; merge preserves exactly what happened.",
      intro:
        "<code>git rebase main</code> replays your branch's commits one by one on top of <code>main</code>, creating new commits with new ids. The history reads as a straight line, at the cost of rewriting commits. <strong>Never rebase commits others have already pulled.</strong>",
      points: [
        "Rebase your own feature branch to pick up <code>main</code>; merge when integrating shared branches.",
        "<code>git rebase -i HEAD~5</code> lets you squash, reorder, reword or drop the last five commits.",
        "<code>git pull --rebase</code> avoids the noise of merge commits on every pull.",
        "After rebasing a pushed branch use <code>git push --force-with-lease</code>, which refuses to overwrite work you have not seen.",
      ],
      code: snippet(`
        git fetch origin
        git rebase origin/main
        # fix conflicts, then:
        git add -A && git rebase --continue
        git push --force-with-lease
      `),
      link: ["git-rebase manual", "https://git-scm.com/docs/git-rebase"],
    },
    {
      slug: "undoing-changes",
      title: "Undoing changes safely",
      short:
        "restore, reset, revert and the reflog: pick the right tool depending on whether the mistake is staged, committed or already pushed.",
      intro:
        "Git rarely loses anything that was committed. The <strong>reflog</strong> records where <code>HEAD</code> has been for about 90 days, so even a bad <code>reset --hard</code> can be undone.",
      cols: ["Situation", "Command"],
      rows: [
        ["Discard edits to a file", "git restore path/to/file"],
        ["Unstage a file", "git restore --staged path/to/file"],
        ["Change the last commit", "git commit --amend"],
        ["Drop local commits, keep changes", "git reset --soft HEAD~2"],
        ["Undo a pushed commit", "git revert <commit>"],
        ["Find a lost commit", "git reflog, then git branch rescue <id>"],
      ],
      pitfalls: [
        "<code>git reset --hard</code> throws away uncommitted work for good; the reflog only knows commits.",
        "On shared branches prefer <code>git revert</code>: it adds a commit instead of rewriting history.",
      ],
    },
  ],
};

const linux: Artefact = {
  slug: "linux",
  name: "Linux",
  icon: "🐧",
  single: "Permissions, processes and services: the Linux you use every day.",
  docs: ["Linux man pages", "https://man7.org/linux/man-pages/"],
  lang: "bash",
  items: [
    {
      slug: "file-permissions",
      title: "File permissions",
      short:
        "Read the rwx triplets, set them with chmod in octal or symbolic form, and know what the setuid, setgid and sticky bits do.",
      intro:
        "Each file has an owner, a group and three sets of <strong>r</strong>ead, <strong>w</strong>rite and e<strong>x</strong>ecute bits: for the owner, the group and everyone else. On a directory, <code>x</code> means you may enter it and <code>r</code> means you may list it.",
      cols: ["Octal", "Meaning"],
      rows: [
        ["644", "rw-r--r--: owner writes, everyone reads (ordinary files)"],
        ["755", "rwxr-xr-x: owner writes, everyone runs or enters (scripts, directories)"],
        ["600", "rw-------: private to the owner (SSH keys)"],
        ["1777", "rwxrwxrwt: sticky bit, only owners delete their files (/tmp)"],
        ["2775", "setgid on a directory: new files inherit its group"],
      ],
      code: snippet(`
        ls -l deploy.sh
        chmod u+x,go-w deploy.sh   # symbolic
        chmod 640 app.env          # octal
        chown app:app app.env
        umask 027                  # new files: 640, new directories: 750
      `),
      media: ["linux-permissions.png"],
    },
    {
      slug: "processes-and-signals",
      title: "Processes and signals",
      short:
        "Find processes with ps and pgrep, stop them politely with SIGTERM, and know why SIGKILL should be your last resort.",
      intro:
        "Every process has a PID, a parent and a state. Signals are how the kernel and other processes talk to it: most can be caught so the program can clean up, but <code>SIGKILL</code> and <code>SIGSTOP</code> cannot.",
      cols: ["Signal", "Usual meaning"],
      rows: [
        ["SIGTERM (15)", "Please shut down cleanly; the default of kill"],
        ["SIGINT (2)", "Interrupt from the keyboard (Ctrl+C)"],
        ["SIGHUP (1)", "Terminal closed; many daemons reload their configuration"],
        ["SIGKILL (9)", "Stop now; cannot be caught, no clean-up"],
        ["SIGCHLD", "A child exited; the parent should wait() for it"],
      ],
      points: [
        "<code>ps -eo pid,ppid,stat,cmd --forest</code> shows the process tree.",
        "A <code>Z</code> (zombie) process has exited but its parent has not collected its status.",
        "In containers, PID 1 does not get default signal handling: use <code>tini</code> or <code>docker run --init</code>.",
      ],
      see: ["docker/multi-stage-builds"],
    },
    {
      slug: "systemd-units",
      title: "systemd services",
      short: "Write a unit file, enable it at boot, and read its logs with journalctl.",
      intro:
        "<strong>systemd</strong> starts services from unit files, restarts them when they crash and collects their output in the journal. Your own units go in <code>/etc/systemd/system</code>.",
      code: snippet(`
        # /etc/systemd/system/shop.service
        [Unit]
        Description=Shop API
        After=network-online.target

        [Service]
        User=shop
        ExecStart=/usr/bin/node /srv/shop/server.js
        Restart=on-failure
        Environment=NODE_ENV=production

        [Install]
        WantedBy=multi-user.target
      `),
      lang: "ini",
      steps: [
        "Save the unit, then run <code>sudo systemctl daemon-reload</code>.",
        "Start it now and at every boot: <code>sudo systemctl enable --now shop</code>.",
        "Check it: <code>systemctl status shop</code>.",
        "Follow its logs: <code>journalctl -u shop -f</code>.",
      ],
      noRelated: true,
    },
  ],
};

// ---------------------------------------------------------------------------
// Cheat sheets
// ---------------------------------------------------------------------------

const sql: Artefact = {
  slug: "sql",
  name: "SQL",
  icon: "🗃️",
  single: "Joins, window functions, indexes and CTEs on one sheet each.",
  docs: ["PostgreSQL documentation", "https://www.postgresql.org/docs/current/"],
  lang: "sql",
  price: 9.99,
  items: [
    {
      slug: "joins",
      title: "SQL joins",
      short: "INNER, LEFT, RIGHT, FULL and CROSS joins: which rows each one keeps.",
      intro:
        "A join combines rows of two tables where the <code>ON</code> condition holds. The join type decides what happens to rows <strong>without</strong> a match: dropped, or kept with <code>NULL</code>s on the other side.",
      cols: ["Join", "Keeps"],
      rows: [
        ["INNER JOIN", "Only rows that match on both sides"],
        ["LEFT JOIN", "Every row of the left table; NULLs where the right has no match"],
        ["RIGHT JOIN", "Every row of the right table"],
        ["FULL JOIN", "Every row of both tables"],
        ["CROSS JOIN", "Every combination (the Cartesian product)"],
      ],
      code: snippet(`
        -- customers with no orders
        SELECT c.id, c.name
        FROM customers c
        LEFT JOIN orders o ON o.customer_id = c.id
        WHERE o.id IS NULL;
      `),
      pitfalls: [
        "A condition on the right table in <code>WHERE</code> turns a LEFT JOIN back into an INNER JOIN; put it in <code>ON</code> instead.",
        "Joining two one-to-many relations multiplies rows: aggregate before you join.",
      ],
      media: ["sql-joins.png", "sql-cheatsheet.pdf"],
    },
    {
      slug: "window-functions",
      title: "Window functions",
      short:
        "Running totals, rankings and moving averages without collapsing rows: OVER, PARTITION BY and frame clauses explained with examples you can paste.",
      intro:
        "A window function computes a value over a set of rows related to the current one, but unlike <code>GROUP BY</code> it keeps every row. The <code>OVER (PARTITION BY ... ORDER BY ...)</code> clause defines the window.",
      rows: [
        ["row_number()", "1, 2, 3... within the partition"],
        ["rank() / dense_rank()", "Rankings with and without gaps after ties"],
        ["lag(x) / lead(x)", "The value from the previous / next row"],
        ["sum(x) OVER (ORDER BY d)", "Running total"],
        ["avg(x) OVER (ROWS BETWEEN 6 PRECEDING AND CURRENT ROW)", "Seven-row moving average"],
      ],
      cols: ["Function", "Gives"],
      code: snippet(`
        SELECT customer_id, created_at, amount,
               sum(amount) OVER (PARTITION BY customer_id ORDER BY created_at) AS running_total,
               row_number() OVER (PARTITION BY customer_id ORDER BY amount DESC) AS rank_by_amount
        FROM orders;
      `),
      points: [
        "Window functions run after <code>WHERE</code> and <code>GROUP BY</code>; to filter on one, wrap the query in a CTE or subquery.",
        "With <code>ORDER BY</code> and no frame clause the default frame is <code>RANGE BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW</code>, which includes ties.",
      ],
      see: ["python-data/duckdb-analytics"],
    },
    {
      slug: "indexes",
      title: "Indexes that help",
      short:
        "B-tree basics, composite index column order, covering indexes, and how to read EXPLAIN ANALYZE to see whether yours is used.",
      intro:
        "An index is a separate sorted structure that lets the database find rows without scanning the whole table. It speeds up reads and slows every write a little, so add them for the queries you actually run.",
      points: [
        "A composite index on <code>(a, b)</code> serves filters on <code>a</code>, or on <code>a</code> and <code>b</code>, but not on <code>b</code> alone.",
        "Put equality columns first and range columns last.",
        "A function on the column (<code>lower(email)</code>) needs an expression index on that same function.",
        "<code>INCLUDE (...)</code> columns let PostgreSQL answer from the index alone (an index-only scan).",
      ],
      code: snippet(`
        CREATE INDEX CONCURRENTLY orders_customer_created_idx
          ON orders (customer_id, created_at DESC);

        EXPLAIN (ANALYZE, BUFFERS)
        SELECT * FROM orders
        WHERE customer_id = 42
        ORDER BY created_at DESC
        LIMIT 20;
      `),
      link: ["Use The Index, Luke", "https://use-the-index-luke.com/"],
      see: ["web-security/sql-injection"],
    },
    {
      slug: "ctes",
      title: "Common table expressions",
      short:
        "Name a subquery with WITH, chain several for readable queries, and walk trees such as category hierarchies with WITH RECURSIVE.",
      intro:
        "<code>WITH name AS (...)</code> gives a subquery a name you can use like a table in the rest of the statement. <strong>Recursive</strong> CTEs repeat a query on their own output until it returns no rows, which is how you walk hierarchies in SQL.",
      code: snippet(`
        WITH RECURSIVE tree AS (
          SELECT id, parent_id, name, 1 AS depth
          FROM categories WHERE parent_id IS NULL
          UNION ALL
          SELECT c.id, c.parent_id, c.name, t.depth + 1
          FROM categories c
          JOIN tree t ON c.parent_id = t.id
        )
        SELECT repeat('  ', depth - 1) || name AS outline FROM tree;
      `),
      points: [
        "Since PostgreSQL 12 a CTE used once is inlined like a subquery; add <code>MATERIALIZED</code> to force it to be computed once.",
        "Data-modifying CTEs (<code>WITH moved AS (DELETE ... RETURNING *) INSERT ...</code>) move rows in one statement.",
        "Guard recursive CTEs against cycles with a depth limit or a <code>CYCLE</code> clause.",
      ],
    },
  ],
};

const vim: Artefact = {
  slug: "vim",
  name: "Vim",
  icon: "📝",
  single: "Motions, text objects and macros: edit at the speed of thought.",
  docs: ["Vim help files", "https://vimhelp.org/"],
  lang: "vim",
  items: [
    {
      slug: "motions",
      title: "Motions",
      short: "Move by word, line, paragraph and search, and combine motions with operators.",
      intro:
        "Vim commands are a small grammar: <strong>operator + count + motion</strong>. <code>d2w</code> deletes two words, <code>y}</code> yanks to the end of the paragraph, <code>c$</code> changes to the end of the line. Learn the motions once and every operator gets them for free.",
      cols: ["Keys", "Moves to"],
      rows: [
        ["w / b / e", "Next word start / previous word start / word end"],
        ["0 / ^ / $", "Line start / first non-blank / line end"],
        ["gg / G / 42G", "First line / last line / line 42"],
        ["{ / }", "Previous / next blank line (paragraph)"],
        ["f x / t x", "Onto / just before the next x on the line"],
        ["% ", "The matching bracket"],
        ["* / #", "Next / previous occurrence of the word under the cursor"],
      ],
      points: [
        "<code>.</code> repeats the last change: make edits repeatable and let the dot do the work.",
        "<code>Ctrl-o</code> and <code>Ctrl-i</code> jump back and forward through your jump list.",
      ],
      media: ["vim-cheatsheet.pdf"],
    },
    {
      slug: "text-objects",
      title: "Text objects",
      short:
        'ciw, da(, yi" and friends: operate on words, sentences, quotes, brackets and tags no matter where the cursor is inside them.',
      intro:
        "A text object selects a structure around the cursor: <code>i</code> means inner, <code>a</code> means around (including the delimiters or surrounding space). Unlike motions they do not depend on where in the object the cursor is.",
      rows: [
        ["ciw", "Change the word under the cursor"],
        ["da(", "Delete a parenthesised group, brackets included"],
        ['yi"', "Yank the text inside double quotes"],
        ["cit", "Change the contents of an HTML or XML tag"],
        ["vip", "Select the current paragraph"],
      ],
      cols: ["Keys", "Does"],
      code: snippet(`
        " before: print(format_name(user.first, user.last))
        " cursor on 'first', type: ci(
        " after:  print(format_name(|))   -- ready to type new arguments
      `),
    },
    {
      slug: "macros-and-registers",
      title: "Macros and registers",
      short:
        "Record a sequence of keys into a register, replay it across hundreds of lines, and fix a macro by editing it as text.",
      intro:
        '<code>qa</code> starts recording into register <code>a</code>, <code>q</code> stops, <code>@a</code> replays and <code>@@</code> repeats the last macro. Registers also hold yanked and deleted text: <code>"ay</code> yanks into <code>a</code>, <code>"+p</code> pastes from the system clipboard.',
      steps: [
        "Put the cursor at the start of the first line to change and press <code>qa</code>.",
        "Make the edit, ending with <code>j0</code> so the cursor sits at the start of the next line.",
        "Press <code>q</code> to stop recording.",
        "Run it on the next 99 lines with <code>99@a</code>, or on a range with <code>:10,200normal @a</code>.",
      ],
      pitfalls: [
        "Use motions like <code>w</code> and <code>f,</code>, not arrow keys with fixed counts, so the macro survives lines of different lengths.",
        'To fix a macro, paste it with <code>"ap</code>, edit the text and yank it back with <code>"ay$</code>.',
      ],
      noRelated: true,
    },
  ],
};

const bash: Artefact = {
  slug: "bash",
  name: "Bash",
  icon: "💲",
  single: "Quoting, tests, loops and strict mode for shell scripts that do not surprise you.",
  docs: ["GNU Bash manual", "https://www.gnu.org/software/bash/manual/bash.html"],
  lang: "bash",
  groups: [
    {
      name: "Basics",
      items: [
        {
          slug: "variables-and-quoting",
          title: "Variables and quoting",
          short:
            "Double-quote every expansion unless you want word splitting and globbing; single quotes keep everything literal.",
          intro:
            'Unquoted <code>$var</code> is split on whitespace and each piece is expanded as a glob. That is the source of most shell bugs. <strong>Quote expansions</strong>: <code>"$var"</code>, <code>"$@"</code>, <code>"$(command)"</code>.',
          rows: [
            [`\${var:-default}`, "Value, or default when unset or empty"],
            [`\${var:?message}`, "Value, or exit with message when unset or empty"],
            [`\${#var}`, "Length of the value"],
            [`\${path##*/}`, "Strip the longest prefix matching */ (basename)"],
            [`\${file%.txt}`, "Strip the shortest suffix .txt"],
            [`\${var//old/new}`, "Replace every occurrence"],
          ],
          cols: ["Expansion", "Gives"],
          code: snippet(`
            file="my report.txt"
            cp "$file" "/backup/\${file%.txt}.bak"   # correct
            cp $file /backup/                        # copies "my" and "report.txt"
          `),
        },
        {
          slug: "tests-and-conditionals",
          title: "Tests and conditionals",
          short: "[[ ]] for strings and files, (( )) for arithmetic, and exit codes as the real booleans of the shell.",
          intro:
            "In Bash, <code>if</code> runs a command and checks its <strong>exit status</strong>: 0 is true, anything else is false. <code>[[ ... ]]</code> is a built-in test that does not word-split, supports <code>&amp;&amp;</code>, <code>||</code>, pattern matching and regular expressions.",
          rows: [
            ["[[ -f path ]]", "Regular file exists"],
            ["[[ -d path ]]", "Directory exists"],
            ["[[ -z $s ]] / [[ -n $s ]]", "String is empty / not empty"],
            ["[[ $s == *.log ]]", "Glob pattern match"],
            ["[[ $s =~ ^[0-9]+$ ]]", "Regular expression match (groups in BASH_REMATCH)"],
            ["(( n > 10 ))", "Arithmetic comparison"],
          ],
          cols: ["Test", "True when"],
          code: snippet(`
            if grep -q "ERROR" app.log; then
              echo "errors found"
            fi
            [[ -d "$out" ]] || mkdir -p "$out"
          `),
          see: ["regex/character-classes"],
        },
      ],
    },
    {
      name: "Scripting",
      items: [
        {
          slug: "loops-and-arrays",
          title: "Loops and arrays",
          short: "Iterate over files, lines and arrays without breaking on spaces in names.",
          intro:
            'Bash arrays keep items with spaces intact when you expand them as <code>"&#36;{arr[@]}"</code>. To read lines safely, use <code>while IFS= read -r line</code>, never <code>for line in $(cat file)</code>.',
          code: snippet(`
            files=( *.csv )
            for f in "\${files[@]}"; do
              echo "processing $f"
            done

            while IFS= read -r line; do
              printf '%s\\n' "\${line^^}"
            done < names.txt

            declare -A port=( [http]=80 [https]=443 )
            echo "\${port[https]}"
          `),
          points: [
            "<code>&#36;{#arr[@]}</code> is the number of items; <code>&#36;{!arr[@]}</code> lists the indexes or keys.",
            "Set <code>shopt -s nullglob</code> so a glob with no match expands to nothing rather than itself.",
            "<code>mapfile -t lines &lt; file</code> reads a whole file into an array.",
          ],
        },
        {
          slug: "strict-mode",
          title: "Strict mode for scripts",
          short:
            "set -euo pipefail, a trap for clean-up and shellcheck in CI: the three habits that turn fragile shell scripts into dependable tools.",
          intro:
            "By default Bash keeps going after a failed command and treats unset variables as empty. <strong>Strict mode</strong> makes scripts stop at the first surprise instead of doing damage with bad data.",
          code: snippet(`
            #!/usr/bin/env bash
            set -euo pipefail
            tmp=$(mktemp -d)
            trap 'rm -rf "$tmp"' EXIT

            curl -fsSL "$URL" -o "$tmp/data.json"
            jq '.items | length' "$tmp/data.json"
          `),
          cols: ["Option", "Effect"],
          rows: [
            ["set -e", "Exit when a command fails (with well-known exceptions, e.g. inside if)"],
            ["set -u", "Referencing an unset variable is an error"],
            ["set -o pipefail", "A pipeline fails if any command in it fails"],
            ["trap ... EXIT", "Run clean-up however the script ends"],
          ],
          link: ["ShellCheck", "https://www.shellcheck.net/"],
          media: ["bash-strict-mode.pdf"],
        },
      ],
    },
  ],
};

const regex: Artefact = {
  slug: "regex",
  name: "Regular Expressions",
  icon: "🔎",
  single: "Character classes, quantifiers and lookarounds with examples you can test.",
  docs: [
    "MDN regular expressions guide",
    "https://developer.mozilla.org/en-US/docs/Web/JavaScript/Guide/Regular_expressions",
  ],
  lang: "javascript",
  items: [
    {
      slug: "character-classes",
      title: "Character classes and anchors",
      short: "\\d, \\w, \\s, [a-z], ^ and $: the building blocks that match one character or one position.",
      intro:
        "A <strong>character class</strong> matches exactly one character from a set. <strong>Anchors</strong> match a position, not a character: <code>^</code> the start, <code>$</code> the end, <code>\\b</code> a word boundary.",
      cols: ["Pattern", "Matches"],
      rows: [
        ["\\d  \\w  \\s", "A digit, a word character [A-Za-z0-9_], whitespace"],
        ["\\D  \\W  \\S", "The opposite of each"],
        ["[aeiou]  [^0-9]", "One of the set / anything but a digit"],
        [".", "Any character except a newline (unless the s flag is set)"],
        ["^  $", "Start / end of input (of each line with the m flag)"],
        ["\\b", "A boundary between a word and a non-word character"],
      ],
      code: String.raw`/^\d{4}-\d{2}-\d{2}$/.test("2024-05-17");   // true
"id: 42, qty: 7".match(/\d+/g);             // ["42", "7"]`,
    },
    {
      slug: "quantifiers",
      title: "Greedy and lazy quantifiers",
      short: "Why .* swallows too much, how .*? fixes it, and how to avoid ReDoS.",
      intro:
        "Quantifiers repeat the previous token: <code>*</code> zero or more, <code>+</code> one or more, <code>?</code> optional, <code>{2,5}</code> a range. They are <strong>greedy</strong>: they take as much as they can, then give back. Add <code>?</code> to make them <strong>lazy</strong>.",
      code: snippet(`
        const html = '<b>bold</b> and <i>italic</i>';
        html.match(/<.+>/)[0];   // '<b>bold</b> and <i>italic</i>'  (greedy)
        html.match(/<.+?>/)[0];  // '<b>'                           (lazy)
        html.match(/<[^>]+>/g);  // ['<b>', '</b>', '<i>', '</i>']   (negated class: fastest)
      `),
      pitfalls: [
        "Nested quantifiers such as <code>(a+)+$</code> backtrack exponentially on a near-match: a ReDoS risk on user input.",
        'Prefer a negated class (<code>[^"]*</code>) over a lazy dot when you know the terminator.',
      ],
    },
    {
      slug: "lookarounds-and-groups",
      title: "Groups and lookarounds",
      short:
        "Capture with (...), name captures with (?<name>...), and assert what comes before or after a match without consuming it.",
      intro:
        "Parentheses group and capture; <code>(?:...)</code> groups without capturing. <strong>Lookarounds</strong> check the text around the current position without including it in the match.",
      cols: ["Syntax", "Meaning"],
      rows: [
        ["(?<year>\\d{4})", "Named capture, read as match.groups.year"],
        ["(?=...)", "Positive lookahead: followed by"],
        ["(?!...)", "Negative lookahead: not followed by"],
        ["(?<=...)", "Positive lookbehind: preceded by"],
        ["(?<!...)", "Negative lookbehind: not preceded by"],
        ["\\1  \\k<year>", "Back-reference to a group"],
      ],
      code: String.raw`const m = "2024-05-17".match(/(?<y>\d{4})-(?<m>\d{2})-(?<d>\d{2})/);
m.groups.y;                              // "2024"
"price: 30 GBP".match(/\d+(?= GBP)/)[0];   // "30"
/^(?=.*\d)(?=.*[A-Z]).{8,}$/.test("Secret12");   // password rule: true`,
      media: ["regex-cheatsheet.pdf"],
      see: ["bash/tests-and-conditionals"],
    },
  ],
};

// ---------------------------------------------------------------------------
// Labs
// ---------------------------------------------------------------------------

const terraform: Artefact = {
  slug: "terraform",
  name: "Terraform",
  icon: "🏗️",
  single: "Hands-on labs from a first resource to remote state and reusable modules.",
  docs: ["Terraform documentation", "https://developer.hashicorp.com/terraform/docs"],
  lang: "hcl",
  groups: [
    {
      name: "Foundations",
      items: [
        {
          slug: "first-configuration",
          title: "Lab: your first configuration",
          short: "Write a provider block and one resource, then walk through init, plan, apply and destroy.",
          intro:
            "In this lab you create a single resource and see the core loop: Terraform compares your <strong>configuration</strong> with its <strong>state</strong> and the real infrastructure, shows a plan, and applies only the difference.",
          points: [
            "Terraform 1.6 or later on your PATH (<code>terraform version</code>).",
            "An empty directory; the lab uses the <code>local</code> provider, so no cloud account is needed.",
          ],
          code: snippet(`
            terraform {
              required_providers {
                local = { source = "hashicorp/local", version = "~> 2.5" }
              }
            }

            resource "local_file" "greeting" {
              filename = "\${path.module}/hello.txt"
              content  = "Hello from Terraform\\n"
            }
          `),
          steps: [
            "Save the code as <code>main.tf</code> and run <code>terraform init</code> to download the provider.",
            "Run <code>terraform plan</code> and read the <code>+ create</code> line.",
            "Run <code>terraform apply</code>, answer <code>yes</code>, and check that <code>hello.txt</code> exists.",
            "Change the content, plan again and notice the <code>-/+</code> replacement.",
            "Finish with <code>terraform destroy</code>.",
          ],
        },
        {
          slug: "variables-and-outputs",
          title: "Lab: variables and outputs",
          short:
            "Parameterise a configuration with typed variables, validate them, and expose results as outputs other tools can read.",
          intro:
            "Input <strong>variables</strong> make a configuration reusable; <strong>outputs</strong> publish values after apply. Values come from defaults, <code>*.tfvars</code> files, <code>TF_VAR_name</code> environment variables or <code>-var</code> flags, in increasing order of precedence.",
          code: snippet(`
            variable "environment" {
              type = string
              validation {
                condition     = contains(["dev", "staging", "prod"], var.environment)
                error_message = "environment must be dev, staging or prod."
              }
            }

            output "bucket_name" {
              value = "shop-\${var.environment}-assets"
            }
          `),
          steps: [
            "Add the variable and output to your lab directory.",
            "Run <code>terraform apply -var environment=test</code> and read the validation error.",
            'Create <code>dev.tfvars</code> with <code>environment = "dev"</code> and apply with <code>-var-file=dev.tfvars</code>.',
            "Read the value back with <code>terraform output -raw bucket_name</code>.",
          ],
          pitfalls: [
            "Mark secrets with <code>sensitive = true</code>; they are hidden in output but still stored in the state file.",
          ],
        },
      ],
    },
    {
      name: "State and Modules",
      price: 14.99,
      items: [
        {
          slug: "remote-state",
          title: "Lab: remote state and locking",
          short:
            "Move state from your laptop to an S3 bucket with locking, so a team can run Terraform without overwriting each other's changes.",
          intro:
            "The state file maps your configuration to real resource ids. Kept locally, it is lost with your laptop and cannot be shared. A <strong>remote backend</strong> stores it centrally and <strong>locks</strong> it during a run (S3 native locking needs Terraform 1.10 or later).",
          code: snippet(`
            terraform {
              backend "s3" {
                bucket       = "acme-terraform-state"
                key          = "shop/prod/terraform.tfstate"
                region       = "eu-west-2"
                encrypt      = true
                use_lockfile = true
              }
            }
          `),
          steps: [
            "Create a versioned, encrypted S3 bucket for state (once, by hand or in a bootstrap configuration).",
            "Add the backend block and run <code>terraform init -migrate-state</code>.",
            "Open two terminals and run <code>terraform apply</code> in both: the second waits for the lock.",
            "List what Terraform tracks with <code>terraform state list</code>.",
          ],
          pitfalls: [
            "Never edit the state file by hand; use <code>terraform state mv</code>, <code>import</code> blocks or <code>removed</code> blocks.",
            "A stale lock after a crash is released with <code>terraform force-unlock LOCK_ID</code>, only when nobody else is running.",
          ],
          media: ["terraform-state.png"],
          see: ["aws/iam-least-privilege"],
        },
        {
          slug: "writing-modules",
          title: "Lab: writing a reusable module",
          short:
            "Package a group of resources as a module with inputs and outputs, version it, and call it from two environments.",
          intro:
            "A <strong>module</strong> is any directory of <code>.tf</code> files. The root module calls child modules with a <code>module</code> block, passing inputs and reading outputs. Good modules have a small interface and sensible defaults.",
          code: snippet(`
            module "assets" {
              source      = "./modules/static-site"
              domain      = "shop.example.com"
              environment = var.environment
            }

            output "site_url" {
              value = module.assets.url
            }
          `),
          points: [
            "Keep modules focused: one concern (a static site, a VPC), not a whole platform.",
            'Pin versions of remote modules (<code>version = "~&gt; 3.2"</code>) and providers.',
            "Use <code>for_each</code> on a module block to create one instance per map entry.",
          ],
        },
      ],
    },
  ],
};

const aws: Artefact = {
  slug: "aws",
  name: "AWS",
  icon: "☁️",
  single: "Guided AWS labs: IAM, S3 and a production-shaped VPC.",
  docs: ["AWS documentation", "https://docs.aws.amazon.com/"],
  lang: "bash",
  price: 49.5,
  items: [
    {
      slug: "iam-least-privilege",
      title: "Lab: IAM least privilege",
      short:
        "Write a policy that grants exactly what an application needs, test it with the policy simulator, and tighten it from CloudTrail activity.",
      intro:
        "IAM evaluates every request against the policies attached to the caller: an explicit <strong>Deny</strong> always wins, then an <strong>Allow</strong> is needed, otherwise the request is implicitly denied. Least privilege means starting from nothing and adding the actions and resources you can name.",
      code: snippet(`
        {
          "Version": "2012-10-17",
          "Statement": [{
            "Effect": "Allow",
            "Action": ["s3:GetObject", "s3:PutObject"],
            "Resource": "arn:aws:s3:::shop-uploads/*"
          }]
        }
      `),
      lang: "json",
      steps: [
        "Create a role for the application with no policies attached.",
        "Attach the policy above and try <code>aws s3 ls s3://shop-uploads</code>: it fails, because listing needs <code>s3:ListBucket</code> on the bucket itself.",
        "Check a request without making it in the IAM policy simulator.",
        "After a week, use IAM Access Analyzer to generate a policy from the role's CloudTrail activity and compare.",
      ],
      see: ["zero-trust/core-principles"],
    },
    {
      slug: "s3-static-website",
      title: "Lab: host a static site on S3 and CloudFront",
      short:
        "Upload a built site to a private bucket, serve it through CloudFront with HTTPS, and invalidate the cache on deploy.",
      intro:
        "Keep the bucket <strong>private</strong> and let CloudFront read it through an origin access control. Visitors get HTTPS and edge caching; nobody can bypass the CDN to reach the bucket.",
      code: snippet(`
        aws s3 mb s3://shop-site-prod --region eu-west-2
        aws s3 sync ./dist s3://shop-site-prod --delete \\
          --cache-control "public,max-age=31536000,immutable" --exclude index.html
        aws s3 cp ./dist/index.html s3://shop-site-prod/ --cache-control "no-cache"
        aws cloudfront create-invalidation --distribution-id E123EXAMPLE --paths "/index.html"
      `),
      points: [
        "Fingerprinted assets (<code>app.3f9c.js</code>) can be cached for a year; <code>index.html</code> must not be.",
        "Block Public Access stays on for the bucket; CloudFront's origin access control signs its requests.",
      ],
      media: ["aws-s3-website.png"],
      see: ["http/caching-headers"],
    },
  ],
  groups: [
    {
      name: "Networking Labs",
      price: 19,
      items: [
        {
          slug: "build-a-vpc",
          title: "Lab: build a VPC with public and private subnets",
          short:
            "Two availability zones, public subnets for load balancers, private subnets for applications, and NAT for outbound traffic, built step by step.",
          intro:
            "A <strong>VPC</strong> is your private network in a region. A subnet is <strong>public</strong> when its route table sends <code>0.0.0.0/0</code> to an internet gateway; private subnets reach the internet through a NAT gateway and cannot be reached from it.",
          cols: ["Subnet", "CIDR"],
          rows: [
            ["VPC", "10.0.0.0/16"],
            ["public-a / public-b", "10.0.0.0/24, 10.0.1.0/24"],
            ["private-a / private-b", "10.0.10.0/24, 10.0.11.0/24"],
          ],
          steps: [
            "Create the VPC with <code>10.0.0.0/16</code> and enable DNS hostnames.",
            "Create four subnets, two per availability zone.",
            "Attach an internet gateway and route <code>0.0.0.0/0</code> to it from the public route table.",
            "Create a NAT gateway in each public subnet and route the private subnets' default route to the one in their zone.",
            "Launch an instance in a private subnet and confirm <code>curl https://example.com</code> works while it has no public IP.",
          ],
          code: snippet(`
            aws ec2 create-vpc --cidr-block 10.0.0.0/16 \\
              --tag-specifications 'ResourceType=vpc,Tags=[{Key=Name,Value=lab-vpc}]'
          `),
          media: ["aws-vpc.png", "aws-vpc-lab.pdf"],
          see: ["networking/subnetting"],
        },
        {
          slug: "security-groups-vs-nacls",
          title: "Lab: security groups and network ACLs",
          short:
            "Stateful security groups on instances, stateless network ACLs on subnets, and a lab that shows the difference in practice.",
          intro:
            "A <strong>security group</strong> is stateful: allow inbound port 443 and the replies go out automatically. A <strong>network ACL</strong> is stateless and evaluated in rule-number order, so you must also allow the ephemeral ports (1024-65535) for return traffic.",
          points: [
            "Security groups only have allow rules; NACLs have allow and deny.",
            "Reference another security group as a source (<code>sg-0abc...</code>) instead of CIDR ranges: it follows instances as they scale.",
            "Use NACLs sparingly, for coarse subnet-wide blocks.",
          ],
          code: snippet(`
            aws ec2 authorize-security-group-ingress --group-id sg-app \\
              --protocol tcp --port 8080 --source-group sg-alb
          `),
          noMeta: true,
        },
      ],
    },
  ],
};

const networking: Artefact = {
  slug: "networking",
  name: "Networking",
  icon: "🌐",
  single: "DNS, TCP and subnetting labs you can run from your own terminal.",
  docs: ["RFC Editor", "https://www.rfc-editor.org/"],
  lang: "bash",
  items: [
    {
      slug: "dns-resolution",
      title: "Lab: follow a DNS lookup",
      short:
        "Trace a name from the root servers to the authoritative answer with dig, and see where caching and TTLs come in.",
      intro:
        "Your stub resolver asks a <strong>recursive resolver</strong>, which asks a root server, then the TLD servers, then the domain's <strong>authoritative</strong> servers, caching each answer for its TTL. In this lab you do the walk yourself.",
      steps: [
        "Run <code>dig +trace www.example.com</code> and identify the root, <code>.com</code> and authoritative steps.",
        "Run <code>dig www.example.com</code> twice against the same resolver and watch the TTL count down.",
        "Query a record type directly: <code>dig MX example.com +short</code>.",
        "Compare answers from two resolvers: <code>dig @1.1.1.1</code> and <code>dig @8.8.8.8</code>.",
      ],
      cols: ["Record", "Holds"],
      rows: [
        ["A / AAAA", "IPv4 / IPv6 address"],
        ["CNAME", "An alias to another name"],
        ["MX", "Mail servers with priorities"],
        ["TXT", "Free text: SPF, domain verification"],
        ["NS", "The authoritative servers of a zone"],
      ],
      link: ["RFC 1034: domain concepts", "https://www.rfc-editor.org/rfc/rfc1034"],
      media: ["dns-lookup.png"],
    },
    {
      slug: "tcp-handshake",
      title: "Lab: watch the TCP handshake",
      short:
        "Capture SYN, SYN-ACK and ACK with tcpdump, then see how a connection is closed with FIN and what a reset looks like.",
      intro:
        "TCP opens every connection with a <strong>three-way handshake</strong> that agrees on sequence numbers, and closes it with FIN segments from each side. Seeing it on the wire makes timeouts and resets much easier to debug.",
      code: snippet(`
        sudo tcpdump -i any -nn 'tcp port 443 and host example.com'
        # in another terminal:
        curl -sI https://example.com > /dev/null
      `),
      steps: [
        "Start the capture, then run the curl command.",
        "Find the <code>[S]</code>, <code>[S.]</code> and <code>[.]</code> flags: SYN, SYN-ACK, ACK.",
        "Find the <code>[F.]</code> segments at the end: each side closes its direction.",
        "Connect to a closed port (<code>curl localhost:9</code>) and look for <code>[R.]</code>, a reset.",
      ],
      see: ["cryptography/tls-handshake"],
    },
    {
      slug: "subnetting",
      title: "Lab: subnetting practice",
      short: "CIDR, network and broadcast addresses, and splitting a /16 by hand.",
      intro:
        "A prefix length says how many leading bits name the network: a <code>/24</code> leaves 8 bits, so 256 addresses. Each bit you add to the prefix halves the block. Practise until <strong>/16, /20, /24, /26 and /28</strong> are instant.",
      cols: ["Prefix", "Addresses"],
      rows: [
        ["/16", "65,536"],
        ["/20", "4,096"],
        ["/24", "256"],
        ["/26", "64"],
        ["/28", "16"],
        ["/32", "1 (a single host)"],
      ],
      points: [
        "Within 10.0.0.0/16, the /24 blocks are 10.0.0.0, 10.0.1.0 ... 10.0.255.0.",
        "The first address of a block is the network address and the last is broadcast; clouds also reserve a few more (AWS reserves five per subnet).",
        "Private ranges (RFC 1918): 10.0.0.0/8, 172.16.0.0/12, 192.168.0.0/16.",
      ],
      code: snippet(`
        python3 -c "import ipaddress; print(list(ipaddress.ip_network('10.0.0.0/22').subnets(new_prefix=24)))"
      `),
    },
  ],
};

const elasticsearch: Artefact = {
  slug: "elasticsearch",
  name: "Elasticsearch",
  icon: "🔍",
  single: "Index, search and aggregate: Elasticsearch labs against a local single-node cluster.",
  docs: ["Elasticsearch guide", "https://www.elastic.co/guide/en/elasticsearch/reference/current/index.html"],
  lang: "json",
  price: 24,
  items: [
    {
      slug: "cluster-health",
      title: "Lab: start a cluster and read its health",
      short: "Run a one-node cluster in Docker and learn what green, yellow and red mean.",
      intro:
        "An index is split into <strong>primary shards</strong>, each with zero or more <strong>replicas</strong> on other nodes. Cluster health is <strong>green</strong> when every shard is assigned, <strong>yellow</strong> when a replica is not (normal on one node), and <strong>red</strong> when a primary is missing.",
      code: snippet(`
        docker run -d --name es -p 9200:9200 \\
          -e discovery.type=single-node -e xpack.security.enabled=false \\
          docker.elastic.co/elasticsearch/elasticsearch:8.13.4
        curl -s localhost:9200/_cluster/health?pretty
        curl -s 'localhost:9200/_cat/shards?v'
      `),
      lang: "bash",
      points: ["Docker with 2 GB of memory free.", "<code>curl</code> and, for the later labs, <code>jq</code>."],
    },
  ],
  groups: [
    {
      name: "Indexing",
      items: [
        {
          slug: "mappings-and-analyzers",
          title: "Lab: mappings and analyzers",
          short:
            "Define text and keyword fields explicitly and watch the analyzer turn a sentence into the tokens that search actually matches.",
          intro:
            "A <strong>mapping</strong> is the schema of an index. <code>text</code> fields are analysed into tokens for full-text search; <code>keyword</code> fields are stored as-is for filters, sorting and aggregations. The <code>_analyze</code> API shows exactly what an analyzer produces.",
          code: snippet(`
            PUT /products
            {
              "mappings": {
                "properties": {
                  "name":  { "type": "text", "analyzer": "english",
                             "fields": { "raw": { "type": "keyword" } } },
                  "price": { "type": "scaled_float", "scaling_factor": 100 },
                  "tags":  { "type": "keyword" }
                }
              }
            }

            POST /products/_analyze
            { "field": "name", "text": "Running shoes for runners" }
          `),
          pitfalls: [
            "A field's mapping cannot be changed once data is indexed: create a new index and reindex.",
            'Dynamic mapping guesses types from the first document; turn it off with <code>"dynamic": "strict"</code> in production.',
          ],
        },
        {
          slug: "bulk-indexing",
          title: "Lab: bulk indexing",
          short:
            "Load thousands of documents with the _bulk API, size the batches, and check for the partial failures it reports.",
          intro:
            "The <code>_bulk</code> endpoint takes newline-delimited JSON: an action line followed by a document line. It is far faster than one request per document, but it <strong>succeeds even when some items fail</strong>, so always check the <code>errors</code> flag.",
          code: snippet(`
            cat > bulk.ndjson <<'EOF'
            { "index": { "_index": "products", "_id": "1" } }
            { "name": "Trail running shoes", "price": 89.99, "tags": ["shoes", "running"] }
            { "index": { "_index": "products", "_id": "2" } }
            { "name": "Waterproof jacket", "price": 120, "tags": ["outerwear"] }
            EOF
            curl -s -H 'Content-Type: application/x-ndjson' \\
              --data-binary @bulk.ndjson localhost:9200/_bulk | jq '.errors'
          `),
          lang: "bash",
          points: [
            "Aim for batches of 5-15 MB and measure; bigger is not always faster.",
            "Set <code>refresh_interval</code> to <code>-1</code> during a large initial load and restore it afterwards.",
          ],
        },
      ],
    },
    {
      name: "Searching",
      price: 9.5,
      items: [
        {
          slug: "full-text-queries",
          title: "Lab: full-text queries and relevance",
          short:
            "match, multi_match and bool queries, filters that do not affect scoring, and explain to see why a document ranked where it did.",
          intro:
            "A <code>bool</code> query combines clauses: <code>must</code> and <code>should</code> contribute to the relevance <strong>score</strong> (BM25 by default), while <code>filter</code> and <code>must_not</code> only include or exclude and are cached.",
          code: snippet(`
            GET /products/_search
            {
              "query": {
                "bool": {
                  "must":   { "multi_match": { "query": "running shoes", "fields": ["name^3", "description"] } },
                  "filter": [ { "term": { "tags": "shoes" } }, { "range": { "price": { "lte": 100 } } } ]
                }
              }
            }
          `),
          steps: [
            "Run the query and note the <code>_score</code> of each hit.",
            "Remove <code>^3</code> from <code>name</code> and compare the order.",
            'Add <code>"explain": true</code> to see the score calculation for each hit.',
          ],
          media: ["es-query.png"],
        },
        {
          slug: "aggregations",
          title: "Lab: aggregations",
          short:
            "Facets for a product listing: terms buckets, price ranges and averages computed alongside the search hits.",
          intro:
            "Aggregations compute summaries over the documents that match a query. <strong>Bucket</strong> aggregations group documents (terms, ranges, date histograms); <strong>metric</strong> aggregations compute numbers (avg, sum, percentiles) inside each bucket.",
          code: snippet(`
            GET /products/_search
            {
              "size": 0,
              "aggs": {
                "by_tag":   { "terms": { "field": "tags", "size": 10 } },
                "prices":   { "range": { "field": "price",
                              "ranges": [ { "to": 50 }, { "from": 50, "to": 100 }, { "from": 100 } ] } },
                "avg_price": { "avg": { "field": "price" } }
              }
            }
          `),
          points: [
            "Aggregate on <code>keyword</code> fields; a <code>text</code> field needs fielddata, which is expensive.",
            "<code>terms</code> counts are approximate across shards; raise <code>shard_size</code> when accuracy matters.",
          ],
          see: ["sql/window-functions"],
        },
      ],
    },
  ],
};

// ---------------------------------------------------------------------------
// Tech stacks
// ---------------------------------------------------------------------------

const javascriptStack: Artefact = {
  slug: "javascript-stack",
  name: "JavaScript Full Stack",
  icon: "🟨",
  single: "Node.js, React and PostgreSQL, wired together the boring and reliable way.",
  docs: ["Node.js documentation", "https://nodejs.org/docs/latest/api/"],
  lang: "typescript",
  items: [
    {
      slug: "architecture",
      title: "The stack at a glance",
      short:
        "One language from browser to database driver: how a React front end, a Node.js API and PostgreSQL divide the work, and where TypeScript types flow between them.",
      intro:
        "A typical JavaScript stack has three tiers: a <strong>React</strong> application rendered on the server and hydrated in the browser, a <strong>Node.js</strong> HTTP API, and a relational database. Sharing validation schemas and types between tiers removes a whole class of bugs.",
      cols: ["Component", "Role"],
      rows: [
        ["React (with a router framework)", "Pages, server rendering, forms"],
        ["Fastify or Express", "HTTP API, authentication, validation"],
        ["zod", "One schema for browser and server validation"],
        ["PostgreSQL + a query builder", "Transactions, constraints, migrations"],
        ["Vitest and Playwright", "Unit, integration and browser tests"],
      ],
      points: [
        "Keep business rules on the server; the browser validates for convenience, the server for truth.",
        "Put shared schemas and constants in a workspace package both apps import.",
        "Serve the built front end and the API from one origin to avoid CORS entirely.",
      ],
      media: ["js-stack-architecture.png"],
      see: ["http/cors"],
    },
    {
      slug: "api-layer",
      title: "The API layer with Fastify",
      short:
        "Routes that parse input with a schema, call one domain function and reply, plus the error handler that keeps internals out of responses.",
      intro:
        "Keep route handlers thin: <strong>parse, call, reply</strong>. Domain logic lives in plain functions that take one options object and throw typed errors; a single error handler maps those errors to HTTP status codes.",
      code: snippet(`
        import Fastify from "fastify";
        import { z } from "zod";

        const app = Fastify({ logger: true });
        const body = z.object({ email: z.string().email(), name: z.string().min(1).max(25) });

        app.post("/api/register", async (request, reply) => {
          const input = body.parse(request.body);
          const user = await registerUser(input);
          return reply.code(201).send({ status: true, message: "Registered", data: user });
        });

        await app.listen({ port: 3000 });
      `),
      pitfalls: [
        "Returning the raw error message of a database failure leaks table names; log it and send a generic message.",
        "Forgetting to <code>await</code> inside a handler sends the reply before the work is done.",
      ],
      link: ["Fastify documentation", "https://fastify.dev/docs/latest/"],
      see: ["http/status-codes", "web-security/csrf"],
    },
    {
      slug: "front-end",
      title: "The React front end",
      short:
        "Server-rendered routes, loaders for data, actions for forms, and progressive enhancement so pages work before JavaScript loads.",
      intro:
        "With a framework router, each route module exports a <strong>loader</strong> (data for GET), an <strong>action</strong> (form submissions) and a component. The server renders HTML first, the browser hydrates it, and later navigations fetch only data.",
      code: snippet(`
        export async function loader({ params }: { params: { slug: string } }) {
          const res = await fetch("/api/get-data", {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ slug: params.slug }),
          });
          if (!res.ok) throw new Response("Not found", { status: 404 });
          return res.json();
        }
      `),
      points: [
        'Forms submitted with a real <code>&lt;form method="post"&gt;</code> still work when scripts fail.',
        "Show pending state from the router's navigation state, not a hand-rolled flag.",
      ],
      see: ["frontend/rendering-strategies"],
    },
  ],
};

const observability: Artefact = {
  slug: "observability",
  name: "Observability",
  icon: "🔭",
  single: "Metrics, logs and traces with Prometheus, Loki, OpenTelemetry and Grafana.",
  docs: ["OpenTelemetry documentation", "https://opentelemetry.io/docs/"],
  lang: "yaml",
  price: 35,
  items: [
    {
      slug: "metrics-with-prometheus",
      title: "Metrics with Prometheus",
      short: "Counters, gauges, histograms and the PromQL queries behind most dashboards.",
      intro:
        "Prometheus <strong>scrapes</strong> a <code>/metrics</code> endpoint on each target every few seconds and stores time series identified by a metric name and labels. Use <strong>counters</strong> for things that only go up, <strong>gauges</strong> for values that go up and down, and <strong>histograms</strong> for latencies.",
      cols: ["PromQL", "Shows"],
      rows: [
        ["rate(http_requests_total[5m])", "Requests per second"],
        ['sum by (status) (rate(http_requests_total{status=~"5.."}[5m]))', "Errors per second by status"],
        [
          "histogram_quantile(0.95, sum by (le) (rate(http_request_duration_seconds_bucket[5m])))",
          "95th percentile latency",
        ],
        ["up == 0", "Targets that failed their last scrape"],
      ],
      code: snippet(`
        scrape_configs:
          - job_name: shop-api
            scrape_interval: 15s
            static_configs:
              - targets: ["api:3000"]
      `),
      pitfalls: [
        "Never put unbounded values (user ids, URLs with ids) in labels: every distinct value is a new series.",
        "Averages hide outliers; alert on percentiles from histograms.",
      ],
      media: ["observability-pipeline.png"],
    },
    {
      slug: "logs-and-traces",
      title: "Logs and traces",
      short:
        "Structured JSON logs shipped to Loki, distributed traces with OpenTelemetry, and the trace id that links the two.",
      intro:
        "Logs tell you what happened in one process; <strong>traces</strong> follow one request across services as a tree of spans. Put the <strong>trace id</strong> in every log line and you can jump from a slow span to the exact logs it produced.",
      points: [
        "Log JSON with a fixed set of keys (<code>level</code>, <code>msg</code>, <code>trace_id</code>, <code>route</code>) rather than free text.",
        "OpenTelemetry SDKs instrument HTTP servers, clients and database drivers automatically.",
        "Send telemetry to an OpenTelemetry Collector and let it fan out to Loki, Tempo or a vendor.",
        "Sample traces at the collector (tail sampling) to keep every error and slow request.",
      ],
      code: snippet(`
        receivers:
          otlp:
            protocols: { http: {}, grpc: {} }
        processors:
          batch: {}
        exporters:
          otlphttp/tempo: { endpoint: http://tempo:4318 }
        service:
          pipelines:
            traces: { receivers: [otlp], processors: [batch], exporters: [otlphttp/tempo] }
      `),
      link: ["Grafana Loki", "https://grafana.com/docs/loki/latest/"],
    },
    {
      slug: "slos-and-alerting",
      title: "SLOs and alerting",
      short:
        "Define service level objectives from what users feel, spend an error budget, and page on burn rate instead of on every spike.",
      intro:
        "A <strong>service level indicator</strong> is a ratio of good events to all events, such as requests served under 300 ms. The <strong>objective</strong> is the target (99.9% over 30 days); the remaining 0.1% is the <strong>error budget</strong>. Alert when you are burning the budget too fast.",
      cols: ["Burn rate window", "Action"],
      rows: [
        ["14.4x over 1 hour (and 5 minutes)", "Page: 2% of the monthly budget gone in an hour"],
        ["6x over 6 hours (and 30 minutes)", "Page: 5% gone in six hours"],
        ["1x over 3 days", "Ticket: on track to miss the objective"],
      ],
      points: [
        "Pick indicators users notice: availability and latency of key journeys, not CPU.",
        "Every page must be actionable; everything else is a ticket or a dashboard.",
      ],
      link: ["Google SRE workbook: alerting on SLOs", "https://sre.google/workbook/alerting-on-slos/"],
      media: ["slo-worksheet.pdf"],
      see: ["incident-response/on-call-health"],
    },
  ],
};

const pythonData: Artefact = {
  slug: "python-data",
  name: "Python Data Stack",
  icon: "🐍",
  single: "pandas, DuckDB and notebooks: from a CSV to a repeatable pipeline.",
  docs: ["pandas documentation", "https://pandas.pydata.org/docs/"],
  lang: "python",
  items: [
    {
      slug: "pandas-essentials",
      title: "pandas essentials",
      short: "Load, filter, group and join DataFrames with idioms that stay fast.",
      intro:
        "A pandas <strong>DataFrame</strong> is a table of typed columns. Work on whole columns at once (vectorised operations) instead of looping over rows, and the same code runs hundreds of times faster.",
      code: snippet(`
        import pandas as pd

        orders = pd.read_csv("orders.csv", parse_dates=["created_at"])
        recent = orders[orders["created_at"] >= "2024-01-01"]
        summary = (recent.groupby("country", as_index=False)
                         .agg(orders=("id", "count"), revenue=("amount", "sum"))
                         .sort_values("revenue", ascending=False))
        print(summary.head(10))
      `),
      points: [
        "Use <code>.loc[rows, columns]</code> for label-based selection and avoid chained indexing when assigning.",
        "Read only the columns you need with <code>usecols=</code> and set <code>dtype=</code> to save memory.",
        "<code>category</code> dtype shrinks repetitive string columns dramatically.",
      ],
    },
    {
      slug: "duckdb-analytics",
      title: "Analytics with DuckDB",
      short:
        "Run SQL directly over CSV and Parquet files, or over DataFrames in memory, with an embedded columnar database.",
      intro:
        "<strong>DuckDB</strong> is an in-process analytical database: no server, one <code>pip install</code>. It queries Parquet and CSV files in place and can read a pandas DataFrame by its variable name.",
      code: snippet(`
        import duckdb

        duckdb.sql("""
            SELECT country, count(*) AS orders, sum(amount) AS revenue
            FROM 'orders/*.parquet'
            WHERE created_at >= DATE '2024-01-01'
            GROUP BY country
            ORDER BY revenue DESC
        """).show()
      `),
      points: [
        "Parquet stores columns compressed with statistics, so DuckDB reads only what a query touches.",
        "<code>COPY (SELECT ...) TO 'out.parquet' (FORMAT parquet)</code> writes results back out.",
      ],
      see: ["sql/window-functions"],
      noMeta: true,
    },
    {
      slug: "notebooks-to-pipelines",
      title: "From notebook to pipeline",
      short:
        "Turn exploratory notebook code into a tested, scheduled pipeline: functions, parameters, data checks and a single command to run it all.",
      intro:
        "Notebooks are great for exploring and poor for production: hidden state, out-of-order cells, no tests. Once an analysis is worth repeating, <strong>extract functions</strong> into a module, keep the notebook as a thin report, and run the pipeline from one command.",
      steps: [
        "Restart the kernel and run all cells: if it fails, the notebook depended on hidden state.",
        "Move each step (load, clean, aggregate) into a function in <code>pipeline.py</code> with typed parameters.",
        "Add data checks: row counts, no nulls in keys, values in expected ranges.",
        "Write a test per function with a tiny fixture dataset.",
        "Schedule <code>python -m pipeline --date 2024-05-17</code> with cron, Airflow or your CI.",
      ],
      media: ["python-data-flow.png"],
      see: ["mlops/experiment-tracking"],
    },
  ],
};

const mlops: Artefact = {
  slug: "mlops",
  name: "Machine Learning Ops",
  icon: "🤖",
  single: "Track experiments, serve models and watch them drift in production.",
  docs: ["MLflow documentation", "https://mlflow.org/docs/latest/index.html"],
  lang: "python",
  price: 39,
  groups: [
    {
      name: "Experiment Tracking",
      items: [
        {
          slug: "experiment-tracking",
          title: "Experiment tracking with MLflow",
          short: "Log parameters, metrics and models for every run, and reproduce the winner.",
          intro:
            "Every training run should record its <strong>parameters</strong>, <strong>metrics</strong>, code version and the model it produced. MLflow stores these per run and lets you compare runs side by side and register the best model.",
          code: snippet(`
            import mlflow
            from sklearn.ensemble import RandomForestClassifier
            from sklearn.metrics import f1_score

            with mlflow.start_run(run_name="rf-baseline"):
                params = {"n_estimators": 200, "max_depth": 8}
                mlflow.log_params(params)
                model = RandomForestClassifier(**params).fit(X_train, y_train)
                mlflow.log_metric("f1", f1_score(y_test, model.predict(X_test)))
                mlflow.sklearn.log_model(model, "model")
          `),
          points: [
            "Fix random seeds and log the data version (a hash or a dataset tag) with the run.",
            "Log the evaluation dataset's metrics, not the training set's.",
          ],
        },
        {
          slug: "feature-stores",
          title: "Feature stores",
          short:
            "Compute a feature once and serve the same value to training and to online prediction, avoiding training-serving skew.",
          intro:
            "<strong>Training-serving skew</strong> happens when a feature is computed one way in a batch job for training and another way in the live service. A feature store keeps one definition, an offline store for point-in-time correct training data, and an online store for low-latency lookups.",
          points: [
            "Point-in-time joins make sure a training row only sees feature values known at that moment.",
            "The online store is usually a key-value database keyed by entity id.",
            "Start with a shared library of feature functions; adopt a full feature store when several teams share features.",
          ],
          link: ["Feast documentation", "https://docs.feast.dev/"],
          noRelated: true,
        },
      ],
    },
    {
      name: "Serving",
      price: 15,
      items: [
        {
          slug: "model-serving",
          title: "Serving models",
          short:
            "Batch scoring, online APIs and streaming: choose how predictions reach users, then version, canary and roll back models like code.",
          intro:
            "Serve a model in <strong>batch</strong> when predictions can be computed ahead of time, <strong>online</strong> behind an API when they depend on the request, and in a stream when events arrive continuously. Whatever the mode, deploy models with versions, canaries and a fast rollback.",
          cols: ["Mode", "Good for"],
          rows: [
            ["Batch", "Nightly recommendations, risk scores"],
            ["Online API", "Fraud checks at checkout, search ranking"],
            ["Streaming", "Anomaly detection on event streams"],
          ],
          code: snippet(`
            from fastapi import FastAPI
            import mlflow.pyfunc

            app = FastAPI()
            model = mlflow.pyfunc.load_model("models:/churn/Production")

            @app.post("/predict")
            def predict(features: dict) -> dict:
                return {"churn_probability": float(model.predict([features])[0])}
          `),
          media: ["mlops-serving.png"],
        },
        {
          slug: "drift-monitoring",
          title: "Monitoring drift",
          short:
            "Detect when production inputs or predictions stop looking like the training data, before accuracy quietly drops.",
          intro:
            "Labels often arrive late, so you cannot measure accuracy in real time. Monitor <strong>data drift</strong> (input distributions) and <strong>prediction drift</strong> (output distribution) as early warnings, and retrain when they cross a threshold.",
          points: [
            "Population stability index (PSI) above 0.2 on an important feature usually deserves a look.",
            "Compare against a fixed reference window (the training data), not just last week.",
            "Alert on drift in the few features that matter most; dozens of noisy alerts get ignored.",
          ],
          see: ["observability/metrics-with-prometheus"],
        },
      ],
    },
  ],
};

// ---------------------------------------------------------------------------
// Pocket guides
// ---------------------------------------------------------------------------

const unicode: Artefact = {
  slug: "unicode",
  name: "Unicode",
  icon: "🔤",
  single: "Code points, UTF-8 and normalisation for programmers who handle text.",
  docs: ["The Unicode Standard", "https://www.unicode.org/standard/standard.html"],
  lang: "javascript",
  items: [
    {
      slug: "code-points-and-utf8",
      title: "Code points and UTF-8",
      short:
        "A code point is a number; UTF-8 stores it in one to four bytes. Why string length depends on who is counting.",
      intro:
        "Unicode assigns every character a <strong>code point</strong>, written <code>U+0041</code> for A. <strong>UTF-8</strong> encodes code points below 128 as a single byte (so ASCII is valid UTF-8) and the rest as two to four bytes.",
      cols: ["Code points", "UTF-8 bytes"],
      rows: [
        ["U+0000 - U+007F", "1 (ASCII)"],
        ["U+0080 - U+07FF", "2 (Latin accents, Greek, Cyrillic, Hebrew, Arabic)"],
        ["U+0800 - U+FFFF", "3 (most CJK, the euro sign)"],
        ["U+10000 - U+10FFFF", "4 (emoji, historic scripts)"],
      ],
      code: snippet(`
        const s = "café 👋";
        s.length;                              // 7  (UTF-16 code units)
        [...s].length;                         // 6  (code points)
        new TextEncoder().encode(s).length;    // 10 (UTF-8 bytes)
      `),
      media: ["unicode-utf8.png"],
    },
    {
      slug: "normalization",
      title: "Normalisation",
      short: "é can be one code point or two. Normalise to NFC before comparing, hashing or storing user-entered text.",
      intro:
        "The same visible text can have several encodings: <code>é</code> is <code>U+00E9</code> or <code>e</code> followed by the combining accent <code>U+0301</code>. <strong>Normalisation</strong> converts text to one canonical form so that equal-looking strings compare equal.",
      cols: ["Form", "Use"],
      rows: [
        ["NFC", "Composed; the default for storage and the web"],
        ["NFD", "Decomposed; handy for stripping accents"],
        ["NFKC", "Also folds compatibility characters (ﬁ to fi, full-width to ASCII); good for identifiers"],
      ],
      code: snippet(`
        "e\\u0301" === "\\u00e9";                          // false
        "e\\u0301".normalize("NFC") === "\\u00e9";         // true
        "Crème brûlée".normalize("NFD").replace(/\\p{M}/gu, ""); // "Creme brulee"
      `),
      pitfalls: [
        "Normalise usernames and e-mail local parts before checking uniqueness, or two accounts can look identical.",
      ],
    },
    {
      slug: "graphemes",
      title: "Grapheme clusters",
      short: "One visible character can be many code points: flags, emoji and accents.",
      intro:
        "A <strong>grapheme cluster</strong> is what a reader perceives as one character. 👍🏽 is two code points; the family emoji can be seven joined by zero-width joiners. Truncating or reversing by code points can split them.",
      code: snippet(`
        const seg = new Intl.Segmenter("en", { granularity: "grapheme" });
        const text = "👍🏽 ok 🇬🇧";
        [...seg.segment(text)].length;   // 6 graphemes
        [...text].length;                // 8 code points
      `),
      points: [
        "Use <code>Intl.Segmenter</code> (JavaScript) or the <code>regex</code> module's <code>\\X</code> (Python) to cut text safely.",
        "Limit input length in bytes for storage, but count graphemes for what users see.",
      ],
      see: ["regex/character-classes"],
    },
  ],
};

const http: Artefact = {
  slug: "http",
  name: "HTTP",
  icon: "📡",
  single: "Status codes, caching and CORS in your pocket.",
  docs: ["MDN HTTP reference", "https://developer.mozilla.org/en-US/docs/Web/HTTP"],
  lang: "http",
  items: [
    {
      slug: "status-codes",
      title: "Status codes that matter",
      short:
        "The fifteen status codes you actually use, what each promises to the client, and the ones that are often confused.",
      intro:
        "The first digit gives the class: <strong>2xx</strong> success, <strong>3xx</strong> redirection, <strong>4xx</strong> the client's fault, <strong>5xx</strong> the server's. Clients, proxies and caches act on the code, so choosing it precisely matters.",
      cols: ["Code", "Use it when"],
      rows: [
        ["200 OK / 201 Created", "Success / a new resource was created"],
        ["204 No Content", "Success with no body"],
        ["301 / 308", "Permanent redirect (308 keeps the method)"],
        ["302 / 303 / 307", "Temporary redirect; 303 says 'GET the new location'"],
        ["304 Not Modified", "The cached copy is still valid"],
        ["400 / 422", "Malformed request / well-formed but invalid"],
        ["401 / 403", "Not authenticated / authenticated but not allowed"],
        ["404 / 409 / 429", "No such resource / conflict with current state / rate limited"],
        ["500 / 502 / 503", "Server bug / bad upstream / temporarily unavailable"],
      ],
      pitfalls: ["Returning 200 with an error in the body hides failures from monitoring and caches."],
      link: ["RFC 9110: HTTP semantics", "https://www.rfc-editor.org/rfc/rfc9110"],
      media: ["http-status-codes.pdf"],
    },
    {
      slug: "caching-headers",
      title: "Caching headers",
      short:
        "Cache-Control directives, validators such as ETag, and a caching policy for HTML, hashed assets and private API responses.",
      intro:
        "<code>Cache-Control</code> tells browsers and shared caches whether and how long they may reuse a response. <strong>Validators</strong> (<code>ETag</code>, <code>Last-Modified</code>) let a cache revalidate cheaply and get a <code>304</code> instead of the full body.",
      cols: ["Response", "Header"],
      rows: [
        ["Fingerprinted asset (app.3f9c.js)", "Cache-Control: public, max-age=31536000, immutable"],
        ["HTML page", "Cache-Control: no-cache (store, but revalidate every time)"],
        ["Per-user API data", "Cache-Control: private, no-store"],
      ],
      points: [
        "<code>no-cache</code> does not mean 'do not cache'; <code>no-store</code> does.",
        "<code>Vary: Accept-Encoding</code> keeps compressed and uncompressed copies apart.",
      ],
      code: snippet(`
        GET /app.css HTTP/1.1
        If-None-Match: "5d8c72a5"

        HTTP/1.1 304 Not Modified
        ETag: "5d8c72a5"
      `),
    },
    {
      slug: "cors",
      title: "CORS explained",
      short:
        "Why the browser blocks a cross-origin response, what a preflight is, and the few headers a server must send to allow it.",
      intro:
        "The same-origin policy stops a page from reading responses from another origin. <strong>CORS</strong> lets a server opt in with response headers. Requests that are not 'simple' (custom headers, JSON bodies, PUT or DELETE) are preceded by an <code>OPTIONS</code> <strong>preflight</strong>.",
      code: snippet(`
        OPTIONS /api/orders HTTP/1.1
        Origin: https://shop.example.com
        Access-Control-Request-Method: POST
        Access-Control-Request-Headers: content-type

        HTTP/1.1 204 No Content
        Access-Control-Allow-Origin: https://shop.example.com
        Access-Control-Allow-Methods: POST
        Access-Control-Allow-Headers: content-type
        Access-Control-Max-Age: 600
      `),
      pitfalls: [
        "<code>Access-Control-Allow-Origin: *</code> cannot be combined with credentials (cookies).",
        "CORS is enforced by browsers only; it is not an access control for your API.",
      ],
      see: ["web-security/csrf"],
    },
  ],
};

const yaml: Artefact = {
  slug: "yaml",
  name: "YAML",
  bare: true,
  icon: "📄",
  single: "The YAML you need for CI pipelines, Kubernetes and configuration files.",
  docs: ["YAML 1.2.2 specification", "https://yaml.org/spec/1.2.2/"],
  lang: "yaml",
  price: 4.99,
  items: [
    {
      slug: "syntax-basics",
      title: "YAML syntax basics",
      short: "Mappings, sequences, scalars, block strings and the indentation rules.",
      intro:
        "YAML describes data with indentation: <strong>mappings</strong> (<code>key: value</code>), <strong>sequences</strong> (<code>- item</code>) and <strong>scalars</strong>. Indent with spaces only; tabs are not allowed.",
      code: snippet(`
        service: shop-api
        replicas: 3
        ports:
          - 80
          - 443
        env:
          NODE_ENV: production
        motd: |
          Line breaks are kept
          in a literal block.
        summary: >
          Folded blocks join lines
          into one paragraph.
      `),
      cols: ["Syntax", "Meaning"],
      rows: [
        ["|  and  >", "Literal block (keeps newlines) / folded block (joins lines)"],
        ["|-  |+", "Strip / keep the final newline"],
        ["[a, b]  {k: v}", "Flow (JSON-like) sequence and mapping"],
        ["---", "Start of a new document in the same file"],
      ],
    },
    {
      slug: "anchors-and-aliases",
      title: "Anchors, aliases and merge keys",
      short: "Define a block once with &anchor, reuse it with *alias, and override parts of it with the << merge key.",
      intro:
        "An <strong>anchor</strong> (<code>&amp;name</code>) labels a node; an <strong>alias</strong> (<code>*name</code>) repeats it. The merge key <code>&lt;&lt;</code> copies a mapping's keys into another, where local keys win.",
      code: snippet(`
        defaults: &defaults
          image: node:20
          timeout: 10m

        test:
          <<: *defaults
          script: npm test

        deploy:
          <<: *defaults
          timeout: 30m
          script: ./deploy.sh
      `),
      pitfalls: [
        "The merge key is from YAML 1.1; some 1.2 parsers do not support it.",
        "Anchors do not cross documents or files.",
      ],
    },
    {
      slug: "gotchas",
      title: "YAML gotchas",
      short:
        "The Norway problem, sexagesimal numbers, unquoted version strings and other ways YAML quietly changes your data types behind your back.",
      intro:
        "YAML 1.1 parsers (still common) guess types from unquoted scalars. <strong>When in doubt, quote strings.</strong>",
      cols: ["You wrote", "A YAML 1.1 parser reads"],
      rows: [
        ["country: NO", "false (the Norway problem)"],
        ["version: 1.10", "the float 1.1"],
        ["port: 22:22", "the integer 1342 (base 60)"],
        ["zip: 01234", "the octal integer 668"],
        ["answer: yes / on / off", "booleans"],
      ],
      points: [
        "Quote anything that should stay a string: versions, postcodes, country codes.",
        "Validate files against a schema (JSON Schema works for YAML) in CI.",
      ],
      media: ["yaml-pocket-guide.pdf"],
      noRelated: true,
    },
  ],
};

const cryptography: Artefact = {
  slug: "cryptography",
  name: "Cryptography",
  icon: "🔐",
  single: "Hashes, passwords and TLS: applied cryptography without the maths.",
  docs: [
    "OWASP cryptographic storage cheat sheet",
    "https://cheatsheetseries.owasp.org/cheatsheets/Cryptographic_Storage_Cheat_Sheet.html",
  ],
  lang: "typescript",
  items: [
    {
      slug: "hashing-vs-encryption",
      title: "Hashing, encryption and signing",
      short:
        "Three tools for three jobs: integrity, confidentiality and authenticity. Knowing which one you need is most of the battle.",
      intro:
        "A <strong>hash</strong> is a one-way fingerprint. <strong>Encryption</strong> is reversible with a key. A <strong>MAC</strong> or <strong>signature</strong> proves who produced a message and that it was not changed.",
      cols: ["Need", "Use"],
      rows: [
        ["Detect accidental change", "SHA-256"],
        ["Keep data secret", "AES-256-GCM or ChaCha20-Poly1305 (authenticated encryption)"],
        ["Prove a message came from us (shared key)", "HMAC-SHA-256"],
        ["Prove it publicly", "Ed25519 signatures"],
        ["Store passwords", "Argon2id, scrypt or bcrypt, never a plain hash"],
      ],
      code: snippet(`
        import { createHmac, timingSafeEqual } from "node:crypto";

        const sign = (body: string, key: string) => createHmac("sha256", key).update(body).digest();
        const valid = (body: string, key: string, given: Buffer) =>
          timingSafeEqual(sign(body, key), given);
      `),
    },
  ],
  groups: [
    {
      name: "Applied",
      price: 7.5,
      items: [
        {
          slug: "password-storage",
          title: "Storing passwords",
          short:
            "Slow, salted, memory-hard hashing with Argon2id or scrypt, parameter choices, and how to upgrade old hashes at login.",
          intro:
            "Password hashes must be <strong>slow</strong> so that a stolen database cannot be brute-forced cheaply, and <strong>salted</strong> so that identical passwords give different hashes. Memory-hard functions also resist GPUs.",
          points: [
            "Argon2id with at least 19 MiB of memory and 2 iterations, or scrypt with N=2^17, r=8, p=1 (OWASP guidance).",
            "Store the algorithm and parameters with the hash so you can raise them later.",
            "When a user logs in with an old-format hash, verify it, then rehash with current parameters.",
            "Compare in constant time and rate-limit login attempts.",
          ],
          code: snippet(`
            import { randomBytes, scryptSync, timingSafeEqual } from "node:crypto";

            export function hashPassword(password: string): string {
              const salt = randomBytes(16);
              const hash = scryptSync(password, salt, 32, { N: 2 ** 17, r: 8, p: 1, maxmem: 256 * 1024 * 1024 });
              return ["scrypt", salt.toString("base64"), hash.toString("base64")].join("$");
            }
          `),
          see: ["web-security/sql-injection"],
        },
        {
          slug: "tls-handshake",
          title: "The TLS 1.3 handshake",
          short:
            "How client and server agree on keys in one round trip, what the certificate proves, and what forward secrecy buys you.",
          intro:
            "In TLS 1.3 the client sends its supported ciphers and an ephemeral key share in the <strong>ClientHello</strong>. The server answers with its key share, its <strong>certificate</strong> and a signature proving it holds the private key. Both derive the same session keys; the handshake takes one round trip.",
          steps: [
            "ClientHello: versions, cipher suites, key share, server name (SNI).",
            "ServerHello: chosen suite and key share; everything after this is encrypted.",
            "Certificate and CertificateVerify: the server proves its identity.",
            "Finished messages from both sides confirm the handshake was not tampered with.",
          ],
          code: snippet(`
            openssl s_client -connect example.com:443 -tls1_3 -servername example.com </dev/null \\
              | openssl x509 -noout -subject -issuer -dates
          `),
          lang: "bash",
          points: [
            "Ephemeral keys give <strong>forward secrecy</strong>: a later leak of the server's private key does not decrypt recorded traffic.",
          ],
          media: ["tls-handshake.png"],
          see: ["networking/tcp-handshake", "zero-trust/identity-and-device-trust"],
        },
      ],
    },
  ],
};

// ---------------------------------------------------------------------------
// Interview kits
// ---------------------------------------------------------------------------

const zeroTrust: Artefact = {
  slug: "zero-trust",
  name: "Zero Trust",
  icon: "🛡️",
  single: "Interview questions on zero trust architecture, identity and segmentation.",
  docs: ["NIST SP 800-207 Zero Trust Architecture", "https://csrc.nist.gov/pubs/sp/800/207/final"],
  lang: "yaml",
  price: 19,
  items: [
    {
      slug: "core-principles",
      title: "Zero trust principles",
      short:
        "Never trust, always verify: explain why network location no longer grants trust and what replaces it, in terms an interviewer will recognise.",
      intro:
        "Interviewers want to hear that zero trust is an <strong>architecture</strong>, not a product: every request is authenticated, authorised and encrypted based on identity, device state and context, whether it comes from the office network or a café.",
      points: [
        "The perimeter model fails once an attacker is inside: lateral movement is easy.",
        "A policy decision point evaluates each request; policy enforcement points sit in front of resources.",
        "Least privilege and short-lived credentials limit the blast radius.",
        "Assume breach: log and monitor everything, continuously re-evaluate trust.",
      ],
      steps: [
        "How would you move a company from VPN access to zero trust without a big bang?",
        "What signals would you feed into an access decision?",
        "How does zero trust change the role of the corporate network?",
      ],
    },
    {
      slug: "identity-and-device-trust",
      title: "Identity and device trust",
      short:
        "Strong authentication, device posture checks and short-lived tokens: the identity layer a zero trust design stands on.",
      intro:
        "In zero trust, <strong>identity is the new perimeter</strong>. Expect to discuss phishing-resistant MFA, single sign-on, device health as an access signal, and how service identities work between workloads.",
      cols: ["Term", "Meaning"],
      rows: [
        ["Phishing-resistant MFA", "FIDO2/WebAuthn keys bound to the site's origin"],
        ["Device posture", "OS version, disk encryption, EDR running, managed or not"],
        ["mTLS / SPIFFE", "Workload identities proven with certificates"],
        ["Continuous access evaluation", "Revoking sessions when risk changes, not only at login"],
      ],
      pitfalls: ["Answering only about users and forgetting service-to-service identity."],
      see: ["cryptography/tls-handshake"],
    },
    {
      slug: "microsegmentation",
      title: "Microsegmentation",
      short:
        "Segment by workload, not by subnet: default-deny policies between services and how to roll them out without outages.",
      intro:
        "Microsegmentation applies <strong>default-deny</strong> rules between individual workloads so a compromised service can only reach what it legitimately needs. In Kubernetes, NetworkPolicies or a service mesh implement it.",
      code: snippet(`
        apiVersion: networking.k8s.io/v1
        kind: NetworkPolicy
        metadata:
          name: api-from-web-only
        spec:
          podSelector:
            matchLabels: { app: api }
          ingress:
            - from:
                - podSelector:
                    matchLabels: { app: web }
              ports: [{ port: 8080 }]
      `),
      steps: [
        "Observe real traffic flows first, then write policies that allow exactly those.",
        "Roll out in audit mode before enforcing.",
      ],
      media: ["zero-trust-architecture.png"],
      see: ["kubernetes/services-and-ingress", "aws/security-groups-vs-nacls"],
    },
  ],
};

const frontend: Artefact = {
  slug: "frontend",
  name: "Frontend Engineering",
  icon: "🎨",
  single: "Front-end interview preparation: the event loop, rendering, performance and accessibility.",
  docs: ["web.dev", "https://web.dev/learn"],
  lang: "javascript",
  price: 29,
  items: [
    {
      slug: "event-loop",
      title: "The JavaScript event loop",
      short:
        "Call stack, task queue and microtask queue: predict the output order of a snippet with promises and timers, a classic interview question.",
      intro:
        "JavaScript runs one task at a time on the <strong>call stack</strong>. When it empties, the engine drains the whole <strong>microtask</strong> queue (promise callbacks, <code>queueMicrotask</code>) before taking the next <strong>task</strong> (timers, I/O, events) and before rendering.",
      code: snippet(`
        console.log("1");
        setTimeout(() => console.log("2"), 0);
        Promise.resolve().then(() => console.log("3"));
        queueMicrotask(() => console.log("4"));
        console.log("5");
        // prints 1, 5, 3, 4, 2
      `),
      points: [
        "Synchronous code first, then all microtasks, then the next task.",
        "A long synchronous loop blocks rendering and input: split work or move it to a Web Worker.",
        "<code>await</code> resumes the function in a microtask.",
      ],
    },
    {
      slug: "rendering-strategies",
      title: "Rendering strategies",
      short:
        "CSR, SSR, SSG and streaming: compare them on first paint, interactivity, SEO and server cost, and know when to pick each.",
      intro:
        "Interviewers look for trade-offs, not a favourite. Explain what the browser receives first, when content becomes <strong>visible</strong>, when it becomes <strong>interactive</strong>, and what each strategy costs to run.",
      cols: ["Strategy", "In short"],
      rows: [
        ["CSR", "Empty HTML plus a bundle; slow first paint, cheap hosting"],
        ["SSR", "HTML per request, then hydration; good first paint and SEO"],
        ["SSG", "HTML built ahead of time; fastest, but content can be stale"],
        ["Streaming SSR", "Send the shell first, fill slow parts as their data arrives"],
      ],
      steps: [
        "Which strategy would you use for a product listing, and why?",
        "What is hydration, and what goes wrong when server and client HTML differ?",
        "How would you cache server-rendered pages that show a signed-in user's name?",
      ],
      media: ["rendering-strategies.png"],
      see: ["javascript-stack/front-end"],
    },
    {
      slug: "core-web-vitals",
      title: "Core Web Vitals",
      short: "LCP, INP and CLS: what each measures, what counts as good, and the first fixes.",
      intro:
        "Google's <strong>Core Web Vitals</strong> measure loading, responsiveness and visual stability from real users, at the 75th percentile of page loads.",
      cols: ["Metric", "Good when"],
      rows: [
        ["LCP: Largest Contentful Paint", "Under 2.5 s"],
        ["INP: Interaction to Next Paint", "Under 200 ms"],
        ["CLS: Cumulative Layout Shift", "Under 0.1"],
      ],
      points: [
        "LCP: serve the hero image early (preload, right size, modern format) and avoid render-blocking scripts.",
        "INP: break up long tasks and keep event handlers small.",
        "CLS: give images and embeds explicit width and height; reserve space for late content.",
      ],
      link: ["Web Vitals", "https://web.dev/articles/vitals"],
      noMeta: true,
    },
    {
      slug: "accessibility",
      title: "Accessibility basics",
      short:
        "Semantic HTML first, then labels, focus management and contrast: the accessibility checks every front-end candidate should be able to walk through.",
      intro:
        "Most accessibility comes free with <strong>semantic HTML</strong>: buttons that are <code>&lt;button&gt;</code>, labelled inputs, headings in order. ARIA is for the gaps, and no ARIA is better than wrong ARIA.",
      points: [
        'Every input has a <code>&lt;label&gt;</code>; every image has meaningful <code>alt</code> text or <code>alt=""</code> if decorative.',
        "Everything works with the keyboard alone, with a visible focus indicator.",
        "Text contrast at least 4.5:1 (3:1 for large text), per WCAG 2.2 AA.",
        "Dialogs move focus inside, trap it, and return it on close.",
      ],
      link: ["WCAG 2.2 quick reference", "https://www.w3.org/WAI/WCAG22/quickref/"],
      media: ["a11y-checklist.pdf"],
    },
  ],
};

const incidentResponse: Artefact = {
  slug: "incident-response",
  name: "Incident Response",
  icon: "🚨",
  single: "SRE and on-call interview questions: roles, postmortems and sustainable on-call.",
  docs: ["Google SRE book: managing incidents", "https://sre.google/sre-book/managing-incidents/"],
  lang: "markdown",
  items: [
    {
      slug: "roles-in-an-incident",
      title: "Roles in an incident",
      short: "Commander, operations and communications: who does what during an outage.",
      intro:
        "Good answers show that an incident is <strong>coordinated</strong>, not a crowd of people typing into the same console. Separating command, hands-on work and communication keeps everyone effective.",
      cols: ["Role", "Responsible for"],
      rows: [
        ["Incident commander", "Overall coordination, decisions, handing out roles"],
        ["Operations lead", "Hands-on mitigation; the only one changing production"],
        ["Communications lead", "Status page, stakeholders, regular updates"],
        ["Scribe", "Timeline of actions and findings, for the postmortem"],
      ],
      steps: [
        "Mitigate first (roll back, fail over), diagnose later.",
        "Declare incidents early; downgrading is cheap.",
        "Hand over command explicitly when shifts change.",
      ],
    },
    {
      slug: "blameless-postmortems",
      title: "Blameless postmortems",
      short:
        "Write a postmortem that finds the systemic causes, produces owned action items, and that engineers are not afraid to contribute to.",
      intro:
        "A <strong>blameless</strong> postmortem assumes people acted reasonably with the information they had, and asks how the system let the failure happen. Interviewers look for concrete structure and follow-through.",
      points: [
        "Summary, impact (users, duration, money), timeline, root causes and triggers, what went well, what went badly, action items.",
        "Action items have an owner and a due date, and are tracked like any other work.",
        "Ask 'how' and 'what', not 'who' and 'why didn't you'.",
      ],
      code: snippet(`
        ## Impact
        Checkout failed for 23% of users for 41 minutes (14:02-14:43 UTC).

        ## Timeline
        14:02 Deploy 2024.05.17-3 starts
        14:09 Error-rate alert fires; IC declared
        14:31 Rollback started
        14:43 Error rate back to baseline
      `),
      media: ["postmortem-template.pdf"],
      see: ["observability/slos-and-alerting"],
    },
    {
      slug: "on-call-health",
      title: "Sustainable on-call",
      short:
        "Alert quality, rotation size, handovers and compensation: how to answer 'how would you improve our on-call?'",
      intro:
        "On-call burns people out when pages are frequent, unactionable or at night. A strong answer ties <strong>alert quality</strong> to SLOs and treats toil reduction as engineering work.",
      points: [
        "Aim for at most two incidents per 12-hour shift, so each gets a proper follow-up.",
        "Review every page weekly: delete, tune or automate the noisy ones.",
        "Rotations of at least six to eight people per site, with follow-the-sun where possible.",
        "Runbooks linked from every alert.",
      ],
      steps: ["Tell me about a time you reduced alert noise.", "What would you put in an on-call handover?"],
      noRelated: true,
    },
  ],
};

const webSecurity: Artefact = {
  slug: "web-security",
  name: "Web Security",
  icon: "🔒",
  single: "XSS, CSRF and injection questions with the answers and fixes interviewers expect.",
  docs: ["OWASP Top 10", "https://owasp.org/www-project-top-ten/"],
  lang: "javascript",
  items: [
    {
      slug: "xss",
      title: "Cross-site scripting (XSS)",
      short:
        "Stored, reflected and DOM-based XSS, why output encoding beats input filtering, and what a Content Security Policy adds.",
      intro:
        "XSS happens when untrusted data ends up in a page as <strong>code</strong> instead of text. The fix is contextual <strong>output encoding</strong> by default (what modern templating and React do), sanitising HTML you must allow, and a CSP as a second line of defence.",
      points: [
        "Stored XSS lives in the database; reflected XSS comes back from the request; DOM XSS never touches the server.",
        "Dangerous sinks: <code>innerHTML</code>, <code>dangerouslySetInnerHTML</code>, <code>eval</code>, <code>javascript:</code> URLs.",
        "Sanitise rich text with an allow-list sanitiser on the server.",
        "A strict CSP (<code>script-src 'self'</code>, nonces) blocks injected inline scripts.",
      ],
      code: snippet(`
        // vulnerable
        element.innerHTML = "Hello " + params.get("name");
        // safe
        element.textContent = "Hello " + params.get("name");
      `),
      link: [
        "OWASP XSS prevention cheat sheet",
        "https://cheatsheetseries.owasp.org/cheatsheets/Cross_Site_Scripting_Prevention_Cheat_Sheet.html",
      ],
    },
    {
      slug: "csrf",
      title: "Cross-site request forgery (CSRF)",
      short:
        "How a malicious page makes a signed-in browser send requests, and the layered defences: SameSite cookies, tokens and origin checks.",
      intro:
        "Browsers attach cookies to requests whatever page triggered them. <strong>CSRF</strong> abuses that: a form on another site posts to yours with the victim's session. Defend in layers.",
      cols: ["Defence", "How"],
      rows: [
        ["SameSite cookies", "SameSite=Lax or Strict stops cookies on cross-site POSTs"],
        ["Anti-CSRF token", "A per-session secret in forms, checked on every state change"],
        ["Origin check", "Reject state-changing requests whose Origin is not yours"],
        ["No GET side effects", "GET must never change state"],
      ],
      pitfalls: [
        "APIs that accept bearer tokens in a header are not exposed to CSRF, but cookie-authenticated ones are.",
      ],
      see: ["http/cors"],
    },
    {
      slug: "sql-injection",
      title: "SQL injection",
      short: "Why concatenated SQL is dangerous and why parameterised queries fix it.",
      intro:
        "When input is concatenated into SQL, the attacker's text becomes part of the <strong>query</strong>. With <strong>parameterised queries</strong> the query shape is fixed and values travel separately, so they can never change its meaning.",
      code: snippet(`
        // vulnerable: ' OR '1'='1 returns every user
        db.query("SELECT * FROM users WHERE email = '" + email + "'");

        // safe
        db.query("SELECT * FROM users WHERE email = $1", [email]);
      `),
      points: [
        "Identifiers (table or column names) cannot be parameters: map them from an allow-list.",
        "ORMs and query builders parameterise for you, until you use their raw-SQL escape hatches.",
        "Least-privilege database users limit the damage if something slips through.",
      ],
      media: ["injection-flow.png"],
      see: ["sql/indexes"],
    },
  ],
};

const PARENTS: Parent[] = [
  {
    slug: "tech-cards",
    name: "Tech Cards",
    icon: "🃏",
    single: "Bite-sized cards that explain one concept at a time, with a command or snippet to try.",
    kind: "card",
    header: true,
    metaDescription: "Tech cards on Docker, Kubernetes, Git and Linux: one concept per card with commands you can try.",
    artefacts: [docker, kubernetes, git, linux],
  },
  {
    slug: "cheat-sheets",
    name: "Cheat Sheets",
    icon: "📋",
    single: "Dense one-page references for the commands and syntax you look up every week.",
    kind: "sheet",
    header: true,
    metaDescription: "Printable cheat sheets for SQL, Vim, Bash and regular expressions.",
    artefacts: [sql, vim, bash, regex],
  },
  {
    slug: "labs",
    name: "Labs",
    icon: "🧪",
    single: "Step-by-step hands-on labs: build it, break it, fix it and clean up.",
    kind: "lab",
    header: true,
    metaDescription: "Hands-on labs for Terraform, AWS, networking and Elasticsearch with step-by-step instructions.",
    artefacts: [terraform, aws, networking, elasticsearch],
  },
  {
    slug: "tech-stacks",
    name: "Tech Stacks",
    icon: "🧱",
    single: "How proven tools fit together into a working stack, with sample configuration.",
    kind: "stack",
    header: false,
    metaDescription:
      "Tech stack guides: JavaScript full stack, observability, the Python data stack and machine learning ops.",
    artefacts: [javascriptStack, observability, pythonData, mlops],
  },
  {
    slug: "pocket-guides",
    name: "Pocket Guides",
    icon: "📘",
    single: "Short guides to the standards and formats every developer keeps bumping into.",
    kind: "guide",
    header: false,
    metaDescription: "Pocket guides to Unicode, HTTP, YAML and applied cryptography.",
    artefacts: [unicode, http, yaml, cryptography],
  },
  {
    slug: "interview-kits",
    name: "Interview Kits",
    icon: "🎯",
    single: "Questions, model answers and red flags to prepare for technical interviews.",
    kind: "kit",
    header: false,
    metaDescription: "Interview kits for zero trust, front-end engineering, incident response and web security.",
    artefacts: [zeroTrust, frontend, incidentResponse, webSecurity],
  },
];

// ---------------------------------------------------------------------------
// Assembly
// ---------------------------------------------------------------------------

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

function htmlToText(html: string): string {
  return html
    .replace(/<[^>]+>/g, "")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#36;/g, "$")
    .replace(/&amp;/g, "&");
}

const list = (tag: "ul" | "ol", items: string[]) =>
  `<${tag}>\n${items.map((i) => `  <li>${i}</li>`).join("\n")}\n</${tag}>`;

function articleHtml(item: Item, artefact: Artefact, kind: Kind): string {
  const h = HEADINGS[kind];
  const parts = [`<h2>${h.intro}</h2>`, `<p>${item.intro}</p>`];
  if (item.points) parts.push(`<h2>${h.points}</h2>`, list("ul", item.points));
  if (item.steps) parts.push(`<h2>${h.steps}</h2>`, list("ol", item.steps));
  if (item.rows) {
    const [a, b] = item.cols ?? ["Command", "What it does"];
    const body = item.rows
      .map(([k, v]) => `    <tr><td><code>${escapeHtml(k)}</code></td><td>${escapeHtml(v)}</td></tr>`)
      .join("\n");
    parts.push(
      `<h2>${h.rows}</h2>`,
      `<table>\n  <thead><tr><th>${a}</th><th>${b}</th></tr></thead>\n  <tbody>\n${body}\n  </tbody>\n</table>`,
    );
  }
  if (item.code) {
    const lang = item.lang ?? artefact.lang;
    parts.push(`<h3>${h.code}</h3>`, `<pre><code class="language-${lang}">${escapeHtml(item.code)}</code></pre>`);
  }
  if (item.pitfalls) parts.push(`<h3>${h.pitfalls}</h3>`, list("ul", item.pitfalls));
  const [docsLabel, docsUrl] = artefact.docs;
  const extra = item.link ? ` For this topic in particular, see <a href="${item.link[1]}">${item.link[0]}</a>.` : "";
  parts.push(`<h2>${h.more}</h2>`, `<p>Start with the <a href="${docsUrl}">${docsLabel}</a>.${extra} ${h.closing}</p>`);
  return parts.join("\n");
}

/** The printable version of an article: the same facts, as lines for makePdf. */
function pdfLines(item: Item, artefact: Artefact, parent: Parent): string[] {
  const h = HEADINGS[parent.kind];
  const lines = [item.short, "", `## ${h.intro}`, htmlToText(item.intro)];
  if (item.points) lines.push("", `## ${h.points}`, ...item.points.map((p) => `- ${htmlToText(p)}`));
  if (item.steps) lines.push("", `## ${h.steps}`, ...item.steps.map((s, i) => `${i + 1}. ${htmlToText(s)}`));
  if (item.rows) {
    const width = Math.min(40, Math.max(...item.rows.map(([k]) => k.length)));
    lines.push("", `## ${h.rows}`, ...item.rows.map(([k, v]) => `  ${k.padEnd(width)}  ${v}`));
  }
  if (item.code) lines.push("", `## ${h.code}`, ...item.code.split("\n").map((l) => `  ${l}`));
  if (item.pitfalls) lines.push("", `## ${h.pitfalls}`, ...item.pitfalls.map((p) => `- ${htmlToText(p)}`));
  lines.push("", `From the Skillshelf ${artefact.name} ${parent.name}. Reference: ${artefact.docs[1]}`);
  return lines;
}

function media(item: Item, artefact: Artefact, parent: Parent) {
  return (item.media ?? []).map((name) =>
    name.endsWith(".pdf")
      ? {
          name,
          mimetype: "application/pdf" as const,
          data_base64: makePdf({ title: item.title, lines: pdfLines(item, artefact, parent) }).toString("base64"),
        }
      : {
          name,
          mimetype: "image/png" as const,
          data_base64: makePng({ width: 480, height: 320, seed: name, label: item.title }).toString("base64"),
        },
  );
}

function allItems(artefact: Artefact): Item[] {
  return [...(artefact.items ?? []), ...(artefact.groups ?? []).flatMap((g) => g.items)];
}

/** Two siblings from the same artefact, then the item's own cross references; at most four. */
function related(item: Item, artefact: Artefact): string[] {
  if (item.noRelated) return [];
  const siblings = allItems(artefact).filter((other) => other !== item && !other.noRelated);
  const index = allItems(artefact).indexOf(item);
  const picked = siblings
    .slice(index)
    .concat(siblings.slice(0, index))
    .slice(0, 2)
    .map((s) => `${artefact.slug}/${s.slug}`);
  return [...picked, ...(item.see ?? [])].slice(0, 4);
}

function content(item: Item, artefact: Artefact, parent: Parent) {
  return {
    slug: item.slug,
    title: item.title,
    short_description: item.short,
    description: articleHtml(item, artefact, parent.kind),
    ...(item.noMeta
      ? {}
      : {
          meta_title: `${item.title} | ${artefact.name} ${parent.name} | Skillshelf`,
          meta_description: item.short,
        }),
    media: media(item, artefact, parent),
    related: related(item, artefact),
  };
}

export function buildDemoCatalogue(): CatalogueFileInput {
  return {
    version: 1,
    categories: PARENTS.map((parent) => ({
      slug: parent.slug,
      name: parent.name,
      icon: parent.icon,
      single_line: parent.single,
      is_header_menu: parent.header,
      meta_title: `${parent.name} | Skillshelf`,
      meta_description: parent.metaDescription,
      artefacts: parent.artefacts.map((artefact) => ({
        slug: artefact.slug,
        name: artefact.name,
        icon: artefact.icon,
        single_line: artefact.bare ? "" : artefact.single,
        is_header_menu: false,
        meta_title: artefact.bare ? null : `${artefact.name} ${parent.name} | Skillshelf`,
        meta_description: artefact.bare ? null : `${artefact.single} ${parent.single}`,
        price: artefact.price ?? null,
        payment_note: artefact.price ? PAYMENT_NOTE : null,
        groups: (artefact.groups ?? []).map((group) => ({
          name: group.name,
          price: group.price ?? null,
          payment_note: group.price ? GROUP_PAYMENT_NOTE : null,
          contents: group.items.map((item) => content(item, artefact, parent)),
        })),
        contents: (artefact.items ?? []).map((item) => content(item, artefact, parent)),
      })),
    })),
  };
}
