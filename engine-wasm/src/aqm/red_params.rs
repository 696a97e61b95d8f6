//! The RED family's `Params` structs, declared with their defaults in one place each: [`red_params!`] writes
//! the struct (serde `default`, `deny_unknown_fields`) and its `Default` from fields written `name: type =
//! default`, and a field group such as [`ns_switches!`] stands for fields several variants share, so each is
//! declared once. A group is a macro that hands its fields back to `red_params!` (`@insert`); ARED's ten that
//! QVARED reuses are one (`ared::core_fields!`). The fields keep the order written, which is the order serde
//! writes them in.

/// Declares a RED variant's `Params`:
///
/// ```text
/// red_params! {
///     /// docs
///     pub struct Params {
///         /// docs
///         pub min_th: f64 = 5.0,
///         ecn_hard_drop!(),      // a group: its fields, in its order
///         ...
///     }
/// }
/// ```
///
/// One type parameter with a default is accepted (`Params<F: Flavour = Plain>`, RED's two picker entries);
/// such a struct adds its own `#[serde(bound = ...)]`.
macro_rules! red_params {
    (
        $(#[$attr:meta])*
        pub struct $name:ident $(<$g:ident : $bound:path = $gdef:ty>)? { $($body:tt)* }
    ) => {
        $crate::aqm::red_params::red_params! {
            @munch [$(#[$attr])* $name $(<$g: $bound = $gdef>)?] [] $($body)*
        }
    };
    // A group handing back its fields: they are read next, before the rest of the body.
    (@insert [$($fields:tt)*] @group $head:tt [$($done:tt)*] $($rest:tt)*) => {
        $crate::aqm::red_params::red_params! { @munch $head [$($done)*] $($fields)* $($rest)* }
    };
    (@munch $head:tt [$($done:tt)*] $($group:ident)::+ !(), $($rest:tt)*) => {
        $($group)::+! { @group $head [$($done)*] $($rest)* }
    };
    (@munch $head:tt [$($done:tt)*] $(#[$m:meta])* $v:vis $f:ident : $t:ty = $d:expr, $($rest:tt)*) => {
        $crate::aqm::red_params::red_params! { @munch $head [$($done)* $(#[$m])* $v $f: $t = $d,] $($rest)* }
    };
    (
        @munch [$(#[$attr:meta])* $name:ident $(<$g:ident : $bound:path = $gdef:ty>)?]
        [$($(#[$m:meta])* $v:vis $f:ident : $t:ty = $d:expr,)*]
    ) => {
        #[derive(Clone, Copy, Debug, PartialEq, ::serde::Serialize, ::serde::Deserialize)]
        #[serde(default, deny_unknown_fields)]
        $(#[$attr])*
        pub struct $name $(<$g: $bound = $gdef>)? {
            $($(#[$m])* $v $f: $t,)*
        }

        impl $(<$g: $bound>)? Default for $name $(<$g>)? {
            fn default() -> Self {
                $name { $($f: $d,)* }
            }
        }
    };
}
pub(crate) use red_params;

/// CE marking and hard drop (RFC 3168 §7; ns-2/ns-3 `UseHardDrop`): `shared_specs::ECN` and `HARD_DROP`.
macro_rules! ecn_hard_drop {
    ($($state:tt)*) => {
        $crate::aqm::red_params::red_params! { @insert [
            /// Mark ECN-capable packets (RFC 3168) instead of dropping them.
            pub ecn: bool = false,
            /// Forced drops stay drops even with ECN (ns-2/ns-3 `UseHardDrop`).
            pub hard_drop: bool = true,
        ] $($state)* }
    };
}
pub(crate) use ecn_hard_drop;

/// ns-2's and ns-3's RED details, off by default (docs/red.md): `shared_specs::NS_SWITCHES`, in its order.
macro_rules! ns_switches {
    ($($state:tt)*) => {
        $crate::aqm::red_params::red_params! { @insert [
            /// ns-2 `wait_` / ns-3 `Wait` mark spacing (docs/red.md).
            pub wait: bool = false,
            /// ns-2 `red.cc` / ns-3 `RedQueueDisc` decision rules (docs/red.md).
            pub ns3_rules: bool = false,
            /// ns-2/ns-3 idle decay: ⌊idle·C/(8·S)⌋ + 1 EWMA steps (docs/red.md).
            pub idle_steps: bool = false,
            /// Packets held by ns-3's device transmit queue after the discipline (docs/red.md).
            pub device_queue: u32 = 0,
        ] $($state)* }
    };
}
pub(crate) use ns_switches;

#[cfg(test)]
mod tests {

    red_params! {
        /// A variant with its own fields around both groups.
        pub struct Sample {
            /// Its own first field.
            pub first: f64 = 1.5,
            ecn_hard_drop!(),
            /// Its own field between the groups.
            pub between: u32 = 7,
            ns_switches!(),
        }
    }

    #[test]
    fn fields_keep_the_written_order_and_defaults_and_unknown_keys_are_refused() {
        let json = serde_json::to_string(&Sample::default()).unwrap();
        let want = r#"{"first":1.5,"ecn":false,"hard_drop":true,"between":7,"wait":false,"ns3_rules":false,"idle_steps":false,"device_queue":0}"#;
        assert_eq!(json, want);
        let read: Sample = serde_json::from_str(r#"{"between": 3, "wait": true}"#).unwrap();
        assert_eq!(read, Sample { between: 3, wait: true, ..Sample::default() });
        let err = serde_json::from_str::<Sample>(r#"{"bogus": 1}"#).unwrap_err().to_string();
        assert!(err.starts_with("unknown field `bogus`, expected one of `first`, `ecn`, `hard_drop`"), "{err}");
    }
}
