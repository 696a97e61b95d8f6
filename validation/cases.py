"""The validation cases: each is an engine scenario (the JSON the lab runs, with "profile": "ns3") that
ns3_dumbbell.py rebuilds in ns-3. TCP fields are ns-3 3.44's defaults, written out so that the engine runs
the same TCP: SACK (RFC 2018) with PRR recovery (RFC 6937), Limited Transmit (RFC 3042), IW10 (RFC 6928),
delayed ACKs every second segment or 200 ms, min RTO 1 s with a 1 ms clock (RFC 6298), byte-counted
window cuts; Vegas alpha/beta/gamma 2/4/1 and Cubic with HyStart as ns-3 ships them.

Packets are 1500 bytes on the wire: ns-3's segment is 1446 bytes of payload + 32 TCP (timestamps) + 20 IP
+ 2 PPP. Durations are short at high rates (ns-3 time on two shared cores); the warm-up excluded from the
metrics is the engine's Scenario::warmup(): max(10 % of duration, 10 s), capped at half the duration.
"""

import json
import os

PACKET = 1500


def window(rate_mbps, rtt_ms, buffer):
    """Receive window (segments) that never limits a flow: twice the whole pipe, path plus buffer. ns-3's
    send and receive buffers are set to the same (its default 128 KB would cap the window), and no larger:
    a bulk sender fills its send buffer, and ns-3 keeps every buffered packet in memory."""
    bdp = rate_mbps * 1e6 * rtt_ms[1] / 1e3 / 8 / PACKET
    return int(2 * (bdp + buffer)) + 10


def tcp_group(count, tcp, rtt_ms, rate_mbps, rwnd):
    return {
        "count": count,
        "tcp": tcp,
        "rtt_ms": list(rtt_ms),
        # Access links ten times the bottleneck: the bottleneck is the only queue.
        "access_rate_mbps": max(100.0, 10.0 * rate_mbps),
        "packet_size": PACKET,
        "start_s": 0.0,
        "start_spread_s": 1.0,
        "rwnd": rwnd,
        "delayed_ack": True,
        "initial_cwnd": 10,
        "min_rto_ms": 1000.0,
        "timer_granularity_ms": 1.0,
        "whole_segment_cuts": False,
        "sack": True,
        "recovery": "prr",
        "limited_transmit": True,
        "rack": False,
        "hystart": tcp == "cubic",
        "vegas_alpha": 2.0,
        "vegas_beta": 4.0,
        "vegas_gamma": 1.0,
    }


def scenario(seed, duration, rate_mbps, delay_ms, buffer, count, tcp, rtt_ms, aqm, extra=None):
    return {
        "version": 2,
        "seed": seed,
        "duration": duration,
        "sample_interval": 0.1,
        "profile": "ns3",
        "link": {
            "rate_mbps": rate_mbps,
            "delay_ms": delay_ms,
            "buffer": buffer,
            "buffer_unit": "packets",
            "mean_pkt_size": PACKET,
        },
        "flows": [{**tcp_group(count, tcp, rtt_ms, rate_mbps, window(rate_mbps, rtt_ms, buffer)), **(extra or {})}],
        "aqm": aqm,
    }


def red(min_th, max_th, max_p, gentle, w_q=0.002):
    kind = "gentle_red" if gentle else "red"
    return {"kind": kind, "min_th": min_th, "max_th": max_th, "max_p": max_p, "w_q": w_q, "gentle": gentle}


# ns-3's ARED (Floyd, Gummadi, Shenker 2001): automatic thresholds and weight from the target delay.
# target_delay and interval in ms, like every AQM time parameter of the scenario (version 2).
ARED = {"kind": "ared", "auto": True, "target_delay": 5.0, "interval": 500.0, "max_p": 0.02, "gentle": True}
CODEL = {"kind": "codel", "target": 5.0, "interval": 100.0, "max_packet": PACKET}
# ns-3 PIE defaults: no de-randomisation, timestamps (no departure-rate estimator).
PIE = {"kind": "pie", "qdelay_ref": 15.0, "t_update": 15.0, "alpha": 0.125, "beta": 1.25, "max_burst": 150.0,
       "derandomize": False, "dq_rate_estimator": False, "dq_threshold": 16384}
FQ_CODEL = {"kind": "fq_codel", "flows": 1024, "quantum": PACKET, "target": 5.0, "interval": 100.0,
            "drop_batch": 64, "ecn": False}
DROPTAIL = {"kind": "droptail"}
# DCTCP's step marking (RFC 8257 §3.1) built from RED as in ns-3's and Linux's DCTCP examples: the
# instantaneous queue (w_q 1), marking every ECN-capable packet from K = 8 packets on (thresholds 8/9,
# max_p 1), never dropping for the thresholds (no hard drop): K ≈ BDP/4 at 100 Mbit/s and 4 ms.
RED_STEP = {"kind": "red", "min_th": 8, "max_th": 9, "max_p": 1.0, "w_q": 1.0, "gentle": False, "ecn": True,
            "hard_drop": False}
# FQ-CoDel in L4S mode (ns-3.44 UseL4s with CeThreshold; Linux ce_threshold with the ECT(1) selector):
# ECT(1) packets are CE-marked once they waited longer than 1 ms.
FQ_CODEL_L4S = {**FQ_CODEL, "ecn": True, "ce_threshold": 1.0}
ECN = {"ecn": True}
DCTCP_ECT1 = {"ecn": True, "ecn_codepoint": "ect1"}

# id: (seed, duration s, rate Mbit/s, one-way bottleneck delay ms, buffer pkts, flows, tcp, RTT range ms, aqm
#      [, flow-group fields beyond tcp_group's])
CASES = {
    "droptail-newreno-1f-10m": (1, 30, 10, 10, 100, 1, "newreno", (60, 60), DROPTAIL),
    "droptail-newreno-10f-10m": (2, 30, 10, 10, 100, 10, "newreno", (40, 120), DROPTAIL),
    "droptail-cubic-10f-100m": (3, 16, 100, 5, 500, 10, "cubic", (20, 80), DROPTAIL),
    "droptail-vegas-5f-10m": (4, 30, 10, 10, 100, 5, "vegas", (40, 100), DROPTAIL),
    "droptail-newreno-100f-1g": (5, 5, 1000, 5, 2000, 100, "newreno", (20, 60), DROPTAIL),
    "red-newreno-5f-2m": (6, 40, 2, 10, 60, 5, "newreno", (40, 100), red(5, 15, 0.1, False)),
    "red-newreno-10f-10m": (7, 30, 10, 10, 100, 10, "newreno", (40, 120), red(5, 15, 0.1, False)),
    "red-vegas-10f-10m": (8, 30, 10, 10, 100, 10, "vegas", (40, 120), red(5, 15, 0.1, False)),
    "gentle-red-newreno-20f-10m": (9, 30, 10, 10, 100, 20, "newreno", (40, 120), red(10, 30, 0.1, True)),
    "gentle-red-cubic-50f-100m": (10, 16, 100, 5, 500, 50, "cubic", (20, 100), red(30, 90, 0.1, True, 0.0005)),
    "ared-newreno-10f-10m": (11, 30, 10, 10, 100, 10, "newreno", (40, 120), ARED),
    "ared-cubic-30f-100m": (12, 16, 100, 5, 500, 30, "cubic", (20, 100), ARED),
    "codel-newreno-1f-2m": (13, 40, 2, 10, 100, 1, "newreno", (80, 80), CODEL),
    "codel-newreno-5f-10m": (14, 30, 10, 10, 200, 5, "newreno", (40, 100), CODEL),
    "codel-cubic-10f-100m": (15, 16, 100, 5, 1000, 10, "cubic", (20, 80), CODEL),
    "codel-vegas-5f-10m": (16, 30, 10, 10, 200, 5, "vegas", (40, 100), CODEL),
    "pie-newreno-10f-10m": (17, 30, 10, 10, 200, 10, "newreno", (40, 120), PIE),
    "pie-cubic-20f-100m": (18, 16, 100, 5, 1000, 20, "cubic", (20, 100), PIE),
    "fq-codel-newreno-10f-10m": (19, 30, 10, 10, 1000, 10, "newreno", (40, 120), FQ_CODEL),
    "fq-codel-cubic-50f-1g": (20, 5, 1000, 5, 10000, 50, "cubic", (20, 60), FQ_CODEL),
    # L4S (issue 29): DCTCP (RFC 8257) over step marking, classic ECN over the same step, and DCTCP's ECT(1)
    # over FQ-CoDel's shallow threshold. ns-3.44 has no DualPI2 or TCP Prague.
    "red-step-dctcp-2f-100m": (21, 20, 100, 1, 100, 2, "dctcp", (4, 4), RED_STEP, ECN),
    "red-step-newreno-ecn-2f-100m": (22, 20, 100, 1, 100, 2, "newreno", (4, 4), RED_STEP, ECN),
    "fq-codel-l4s-dctcp-4f-100m": (23, 20, 100, 2, 1000, 4, "dctcp", (8, 20), FQ_CODEL_L4S, DCTCP_ECT1),
}


# Preset sides run as their own cases: id -> (preset id, side). The scenario is exactly the side the page runs
# (engine-wasm/tests/fixtures/preset-sides.json, written by the page's own code: npm run gen:sides) with
# "profile": "ns3", so the preset's badge speaks of its own scenario (web/validation/presetAgreement.ts).
# Only sides ns-3 can build: one TCP group of Reno, NewReno, Cubic or Vegas on a fixed-rate link with
# drop-tail, RED, CoDel, PIE or FQ-CoDel, in packets.
PRESET_CASES = {
    "preset-bufferbloat-codel-pie-0": ("bufferbloat-codel-pie", 0),
    "preset-bufferbloat-codel-pie-1": ("bufferbloat-codel-pie", 1),
    "preset-bufferbloat-codel-pie-2": ("bufferbloat-codel-pie", 2),
    "preset-red-vs-droptail-0": ("red-vs-droptail", 0),
    "preset-red-vs-droptail-1": ("red-vs-droptail", 1),
    "preset-tcp-reno-vegas-cubic-0": ("tcp-reno-vegas-cubic", 0),
    "preset-tcp-reno-vegas-cubic-1": ("tcp-reno-vegas-cubic", 1),
    "preset-tcp-reno-vegas-cubic-2": ("tcp-reno-vegas-cubic", 2),
}

SIDES = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "engine-wasm", "tests",
                     "fixtures", "preset-sides.json")


def preset_of(case_id):
    """{"id": preset, "side": k} for a preset side's case, else None."""
    if case_id not in PRESET_CASES:
        return None
    preset, side = PRESET_CASES[case_id]
    return {"id": preset, "side": side}


def case_scenario(case_id):
    if case_id in PRESET_CASES:
        preset, side = PRESET_CASES[case_id]
        with open(SIDES) as f:
            s = json.load(f)[preset]["sides"][side]
        return {**s, "profile": "ns3"}
    seed, duration, rate, delay, buffer, count, tcp, rtt, aqm, *extra = CASES[case_id]
    return scenario(seed, duration, rate, delay, buffer, count, tcp, rtt, dict(aqm), *extra)


def all_case_ids():
    return list(CASES) + list(PRESET_CASES)
