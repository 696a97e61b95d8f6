"""Runs the validation cases (cases.py) in ns-3 and writes validation/cases/<id>.json.

Usage (from the repository root; `npm run validate:ns3` does all of it):
    validation/.venv-ns3/bin/python validation/ns3_dumbbell.py [--aqm-cli PATH] [case-id ...]

Each JSON holds the case's engine scenario, the ns-3 version, this command line and ns-3's metrics as the
engine defines them (engine-wasm/src/metrics.rs); see docs/validation.md. An existing file's `expect`
field (the recorded engine-vs-ns-3 differences) is kept; the ns-3 numbers are replaced.
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
from cases import all_case_ids, case_scenario, preset_of  # noqa: E402

# The engine's Reno (RFC 5681 congestion avoidance) is ns-3's TcpLinuxReno; ns-3's loss recovery (SACK, PRR)
# is the ns3 profile's for every variant.
TCP_TYPES = {
    "reno": "ns3::TcpLinuxReno",
    "newreno": "ns3::TcpNewReno",
    "cubic": "ns3::TcpCubic",
    "vegas": "ns3::TcpVegas",
    "dctcp": "ns3::TcpDctcp",
}
# Wire bytes of one data packet beyond its payload: TCP 20 + timestamp option 12, IP 20, PPP 2.
HEADERS = 20 + 12 + 20 + 2
# ns-3's queue-disc drop reasons mapped to the engine's (engine-wasm/src/aqm/mod.rs Reason).
REASONS = {
    "Queue disc limit exceeded": "overflow",  # FifoQueueDisc
    "Forced drop": "forced",  # RED, PIE
    "Unforced drop": "early",  # RED, PIE
    "Queue limit exceeded": "overflow",  # RED
    "Overlimit drop": "overflow",  # CoDel, FQ-CoDel
    "Target exceeded drop": "target",  # CoDel, FQ-CoDel
}
# ns-3's queue-disc mark reasons mapped to the engine's.
MARKS = {
    "Forced mark": "forced",  # RED
    "Unforced mark": "early",  # RED, PIE
    "Target exceeded mark": "target",  # CoDel, FQ-CoDel
    "CE threshold exceeded mark": "ce_threshold",  # CoDel, FQ-CoDel (L4S shallow marking)
}


def child(reason):
    """FQ-CoDel reports its queues' reasons as "(Dropped by child queue disc) <CoDel's reason>"."""
    return reason.split(") ", 1)[1] if reason.startswith("(") and ") " in reason else reason


def tcp_defaults(g):
    """Further ns-3 TCP defaults for the flow group's ECN: classic ECN (RFC 3168) is TcpSocketBase's UseEcn;
    TcpDctcp turns ECN on itself and sends ECT(0) unless UseEct0 is false (then ECT(1), L4S)."""
    out = {}
    codepoint = g.get("ecn_codepoint")
    if g["tcp"] == "dctcp":
        if codepoint == "ect1":
            out["ns3::TcpDctcp::UseEct0"] = "false"
    elif g.get("ecn") or codepoint in ("ect0", "ect1"):
        if codepoint == "ect1":
            raise ValueError("ns-3 sends ECT(1) only from TcpDctcp (UseEct0 false)")
        out["ns3::TcpSocketBase::UseEcn"] = "On"
    return out


def warmup(s):
    """The engine's Scenario::warmup(): max(10 % of the duration, 10 s), capped at half the duration."""
    w = s.get("warmup")
    if w is None:
        w = max(0.1 * s["duration"], 10.0)
    return min(w, s["duration"] / 2.0)


def qdisc(s):
    """ns-3 queue disc type and attributes for the scenario's `aqm` (the engine's parameter names)."""
    a, link = s["aqm"], s["link"]
    limit = f'{link["buffer"]}p'
    rate = f'{int(link["rate_mbps"] * 1e6)}bps'
    kind = a["kind"]
    if kind == "droptail":
        return "ns3::FifoQueueDisc", {"MaxSize": limit}
    if kind in ("red", "gentle_red"):
        return "ns3::RedQueueDisc", {
            "MaxSize": limit,
            "MinTh": a["min_th"],
            "MaxTh": a["max_th"],
            "LInterm": 1.0 / a["max_p"],
            "QW": a["w_q"],
            "Gentle": str(a["gentle"]).lower(),
            "MeanPktSize": link["mean_pkt_size"],
            "LinkBandwidth": rate,
            "LinkDelay": f'{link["delay_ms"]}ms',
            "UseEcn": str(a.get("ecn", False)).lower(),
            "UseHardDrop": str(a.get("hard_drop", True)).lower(),
        }
    if kind == "ared":
        # ARED=true: automatic min_th, max_th and w_q from the target delay, max_p adapted every interval.
        return "ns3::RedQueueDisc", {
            "MaxSize": limit,
            "ARED": "true",
            "Gentle": str(a["gentle"]).lower(),
            "LInterm": 1.0 / a["max_p"],
            # The scenario's times are ms (scenario version 2); ns-3's Time attributes read "5.0ms".
            "TargetDelay": f'{a["target_delay"]}ms',
            "Interval": f'{a["interval"]}ms',
            "MeanPktSize": link["mean_pkt_size"],
            "LinkBandwidth": rate,
            "LinkDelay": f'{link["delay_ms"]}ms',
        }
    if kind == "codel":
        return "ns3::CoDelQueueDisc", {
            "MaxSize": limit,
            "Target": f'{a["target"]}ms',
            "Interval": f'{a["interval"]}ms',
            "MinBytes": a["max_packet"],
        }
    if kind == "pie":
        return "ns3::PieQueueDisc", {
            "MaxSize": limit,
            "QueueDelayReference": f'{a["qdelay_ref"]}ms',
            "Tupdate": f'{a["t_update"]}ms',
            "A": a["alpha"],
            "B": a["beta"],
            "MaxBurstAllowance": f'{a["max_burst"]}ms',
            "UseDerandomization": str(a["derandomize"]).lower(),
            "UseDequeueRateEstimator": str(a["dq_rate_estimator"]).lower(),
            "DequeueThreshold": a["dq_threshold"],
            "MeanPktSize": link["mean_pkt_size"],
        }
    if kind == "fq_codel":
        return "ns3::FqCoDelQueueDisc", {
            "MaxSize": limit,
            "Flows": a["flows"],
            "DropBatchSize": a["drop_batch"],
            "Target": f'{a["target"]}ms',
            "Interval": f'{a["interval"]}ms',
            "UseEcn": str(a["ecn"]).lower(),
            # L4S mode (ns-3.44): ECT(1) and CE packets are only CE-marked above CeThreshold; CoDel's
            # control law acts on the other packets alone.
            **(
                {"UseL4s": "true", "CeThreshold": f'{a["ce_threshold"]}ms'}
                if a.get("ce_threshold", 0) > 0
                else {}
            ),
        }
    raise ValueError(f"no ns-3 queue disc for aqm kind {kind!r}")


def engine_flows(aqm_cli, s):
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump(s, f)
        path = f.name
    try:
        out = subprocess.run([aqm_cli, "flows", path], check=True, capture_output=True, text=True).stdout
    finally:
        os.unlink(path)
    return json.loads(out)


def jain(x):
    sq = sum(v * v for v in x)
    return (sum(x) ** 2) / (len(x) * sq) if x and sq > 0 else None


def with_defaults(s):
    """The scenario with the engine's defaults for what it leaves out, one level deep in link, each flow
    group and aqm (from the schema the engine generates, web/scenario/scenario.schema.json): a preset side
    writes only what it changes."""
    with open(os.path.join(ROOT, "web", "scenario", "scenario.schema.json")) as f:
        schema = json.load(f)
    d = schema["definitions"]

    def defaults(node):
        return {k: v["default"] for k, v in node.get("properties", {}).items() if "default" in v}

    out = {**defaults(schema), **s}
    out["link"] = {**defaults(d["link"]), **s.get("link", {})}
    out["flows"] = [{**defaults(d["flowGroup"]), **g} for g in s.get("flows", [{}])]
    aqm = s.get("aqm", {"kind": "droptail"})
    branch = next(b for b in d["aqm"]["oneOf"] if b["properties"]["kind"].get("const") == aqm["kind"])
    out["aqm"] = {**defaults(branch), **aqm}
    return out


def run_case(ns, cppyy, aqm_cli, case_id, command, extra_tcp=None):
    given = case_scenario(case_id)
    s = with_defaults(given)
    if len(s["flows"]) != 1 or s["link"].get("buffer_unit", "packets") != "packets":
        raise ValueError(f"{case_id}: ns3_dumbbell.py builds one TCP flow group on a buffer in packets")
    flows = engine_flows(aqm_cli, given)
    g = s["flows"][0]
    packet = g["packet_size"]
    segment = packet - HEADERS
    qtype, qattrs = qdisc(s)
    attrs = cppyy.gbl.std.vector[cppyy.gbl.std.string]()
    for k, v in qattrs.items():
        attrs.push_back(str(k))
        attrs.push_back(str(v))
    tcp_attrs = cppyy.gbl.std.vector[cppyy.gbl.std.string]()
    for k, v in {**tcp_defaults(g), **(extra_tcp or {})}.items():
        tcp_attrs.push_back(str(k))
        tcp_attrs.push_back(str(v))
    vec = cppyy.gbl.std.vector["double"]
    w = warmup(s)
    t0 = time.time()
    raw = json.loads(
        str(
            cppyy.gbl.aqmval.RunCase(
                s["seed"],
                float(s["duration"]),
                float(w),
                s["link"]["rate_mbps"] * 1e6,
                s["link"]["delay_ms"] / 1e3,
                TCP_TYPES[g["tcp"]],
                segment,
                g["rwnd"] * segment,
                qtype,
                attrs,
                tcp_attrs,
                vec([f["access_delay_ns"] / 1e9 for f in flows]),
                vec([f["access_rate_mbps"] * 1e6 for f in flows]),
                vec([f["start_ns"] / 1e9 for f in flows]),
            )
        )
    )
    wall = time.time() - t0
    span = s["duration"] - w
    # The engine counts goodput in wire bytes per in-order segment (packet_size each).
    goodput = [b / segment * packet * 8 / span / 1e6 for b in raw["payload_bytes"]]
    drops = {}
    for reason, n in raw["drops"].items():
        key = REASONS.get(child(reason), reason)
        drops[key] = drops.get(key, 0) + n
    marks = {}
    for reason, n in raw.get("marks", {}).items():
        key = MARKS.get(child(reason), reason)
        marks[key] = marks.get(key, 0) + n
    metrics = {
        "goodput_mbps": sum(goodput),
        "utilisation": raw["wire_bytes"] * 8 / (s["link"]["rate_mbps"] * 1e6 * span),
        "mean_queue_pkts": raw["q_integral"] / span,
        "mean_delay_ms": raw["sojourn_sum_s"] / raw["departures"] * 1e3 if raw["departures"] else None,
        "drops": sum(drops.values()),
        "jain": jain(goodput),
    }
    result = {
        "id": case_id,
        "scenario": given,
        "ns3": {
            "version": ns3_version(),
            "command": command,
            "queue_disc": {"type": qtype, "attributes": {k: str(v) for k, v in qattrs.items()}},
            "tcp": {"socket_type": TCP_TYPES[g["tcp"]], "segment_size": segment, "other": "ns-3 defaults"},
            "measured_from_s": w,
            "measured_to_s": s["duration"],
            "wall_s": round(wall, 1),
            "metrics": metrics,
            "drops_by_reason": drops,
            **({"marks_by_reason": marks, "tcp_defaults": tcp_defaults(g)} if marks or tcp_defaults(g) else {}),
            "per_flow_goodput_mbps": goodput,
            "queue_disc_only_mean_pkts": raw["qdisc_integral"] / span,
        },
    }
    if preset_of(case_id) is not None:
        result["preset"] = preset_of(case_id)
    return result


def ns3_version():
    try:
        from importlib.metadata import version

        return "ns-3 " + version("ns3")
    except Exception:  # noqa: BLE001
        return "ns-3 (unknown version)"


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--aqm-cli", default=os.path.join(ROOT, "engine-wasm", "target", "release", "aqm-cli"))
    p.add_argument(
        "--prr-rfc6937",
        action="store_true",
        help="experiment: ns-3's PRR without its extra segment per duplicate ACK (dumbbell.cc TcpPrrRfc6937); "
        "prints the metrics and leaves the case files alone",
    )
    p.add_argument("cases", nargs="*", help="case ids (default: all)")
    args = p.parse_args()
    known = all_case_ids()
    ids = args.cases or known
    for c in ids:
        if c not in known:
            sys.exit(f"unknown case {c!r}; known: {', '.join(known)}")
    from ns import ns  # noqa: F401  (loads ns-3 and its headers into cppyy)
    import cppyy

    cppyy.cppdef(open(os.path.join(HERE, "dumbbell.cc")).read())
    extra_tcp = None
    if args.prr_rfc6937:
        cppyy.gbl.aqmval.RegisterExperiments()
        extra_tcp = {"ns3::TcpL4Protocol::RecoveryType": "aqmval::TcpPrrRfc6937"}
    out_dir = os.path.join(HERE, "cases")
    os.makedirs(out_dir, exist_ok=True)
    for c in ids:
        command = f"validation/.venv-ns3/bin/python validation/ns3_dumbbell.py {c}"
        result = run_case(ns, cppyy, args.aqm_cli, c, command, extra_tcp)
        if extra_tcp:
            m = result["ns3"]["metrics"]
            print(f"{c} (experiment, PRR without the extra segment): {json.dumps(m, sort_keys=True)}", flush=True)
            continue
        path = os.path.join(out_dir, f"{c}.json")
        expect = "agree"
        if os.path.exists(path):
            with open(path) as f:
                expect = json.load(f).get("expect", "agree")
        result["expect"] = expect
        with open(path, "w") as f:
            json.dump(result, f, indent=2, sort_keys=True, ensure_ascii=False)
            f.write("\n")
        m = result["ns3"]["metrics"]
        print(
            f"{c}: goodput {m['goodput_mbps']:.3f} Mbit/s, util {m['utilisation']:.4f}, "
            f"queue {m['mean_queue_pkts']:.2f} pkts, delay {m['mean_delay_ms']:.2f} ms, drops {m['drops']}, "
            f"jain {m['jain']:.4f} ({result['ns3']['wall_s']} s)",
            flush=True,
        )


if __name__ == "__main__":
    main()
